import { useQuery } from '@tanstack/react-query';
import type { FeeSetup } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { feeSetupQuery, useSaveFeeSetupMutation } from '../api.ts';
import { FeeForm } from '../components/fee-form.tsx';

const LIST_PATH = '/admin/fees-setup';

function FeeFormScreen({ setup }: { setup?: FeeSetup }) {
  const { t } = useTranslation('fees');
  const navigate = useNavigate();
  const save = useSaveFeeSetupMutation(setup?.id);
  const submit = useSaveThen(save.mutateAsync, () => navigate(LIST_PATH));
  return (
    <FormPage title={setup ? t('form.editTitle') : t('form.addTitle')} maxWidth={1040}>
      <FeeForm setup={setup} submitting={save.isPending} cancelTo={LIST_PATH} onSubmit={submit} />
    </FormPage>
  );
}

/** `/admin/add-fees-setup` (create_10). */
export function AddFeeSetupPage() {
  return <FeeFormScreen />;
}

/** `/admin/edit-fees/:id` (edit_10): the form filled from the stored setup, its total shown as it changes. */
export function EditFeeSetupPage() {
  const { t } = useTranslation('fees');
  const { id = '' } = useParams();
  const query = useQuery(feeSetupQuery(id));
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(setup) => <FeeFormScreen key={setup.id} setup={setup} />}
    </QueryView>
  );
}
