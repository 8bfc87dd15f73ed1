import type { Center, CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { useSaveCenterMutation } from '../api.ts';
import { CenterForm } from '../components/center-form.tsx';
import { CenterOfKind } from '../components/center-of-kind.tsx';
import { profilePathOf } from '../components/centers-table.tsx';

function CenterFormScreen({ kind, center }: { kind: CenterKind; center?: Center }) {
  const { t } = useTranslation('centers');
  const navigate = useNavigate();
  const save = useSaveCenterMutation(center ? String(center.id) : undefined);
  const submit = useSaveThen(save.mutateAsync, (saved) => navigate(profilePathOf({ id: saved.id, kind })));

  return (
    <FormPage title={center ? t('form.editTitle') : t(`form.addTitle.${kind}`)}>
      <CenterForm
        kind={kind}
        center={center}
        submitting={save.isPending}
        cancelTo={center ? profilePathOf(center) : `/admin/${kind}-center`}
        onSubmit={submit}
      />
    </FormPage>
  );
}

/** `/admin/training-center/add-new` and `/admin/medical-center/add-new` (super admin). */
export function AddCenterPage({ kind }: { kind: CenterKind }) {
  return <CenterFormScreen kind={kind} />;
}

/** `/admin/<kind>-center/edit/:id` (super admin): the form filled from the stored centre. */
export function EditCenterPage({ kind }: { kind: CenterKind }) {
  return (
    <CenterOfKind kind={kind} screen="edit">
      {(center) => <CenterFormScreen key={center.id} kind={kind} center={center} />}
    </CenterOfKind>
  );
}
