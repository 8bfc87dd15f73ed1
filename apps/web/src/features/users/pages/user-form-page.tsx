import { useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { type UserBody, userFormOptionsQuery, userQuery, useSaveUserMutation } from '../api.ts';
import { UserForm } from '../components/user-form.tsx';
import { profilePathOf } from '../components/user-labels.ts';

function UserFormScreen({ user }: { user?: StaffUser }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const options = useQuery(userFormOptionsQuery);
  const save = useSaveUserMutation(user ? String(user.id) : undefined);
  const submit = useSaveThen(save.mutateAsync, (saved, body: UserBody) =>
    navigate(profilePathOf({ id: saved.id, type: String(body.type) })),
  );

  return (
    <FormPage title={user ? t('form.editTitle') : t('form.addTitle')}>
      <QueryView query={options}>
        {(choices) => (
          <UserForm
            user={user}
            options={choices}
            submitting={save.isPending}
            cancelTo={user ? profilePathOf(user) : '/admin/user-management'}
            onSubmit={submit}
          />
        )}
      </QueryView>
    </FormPage>
  );
}

/** `/admin/add-user` (create_1). */
export function AddUserPage() {
  return <UserFormScreen />;
}

/** `/admin/edit-user/:id` (edit_1): the form filled from the stored account. */
export function EditUserPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  return (
    <QueryView query={useQuery(userQuery(id))} notFoundText={t('notFound')}>
      {(user) => <UserFormScreen key={user.id} user={user} />}
    </QueryView>
  );
}
