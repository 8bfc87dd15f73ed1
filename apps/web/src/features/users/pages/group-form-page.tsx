import { useQuery } from '@tanstack/react-query';
import type { PermissionGroup } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useCurrentUser } from '../../auth/current-user.ts';
import { readStoredPrivileges } from '../../auth/session.ts';
import { groupQuery, useSaveGroupMutation } from '../api.ts';
import { GroupForm } from '../components/group-form.tsx';

function GroupFormScreen({ group }: { group?: PermissionGroup }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const save = useSaveGroupMutation(group ? String(group.id) : undefined);
  const submit = useSaveThen(save.mutateAsync, () => navigate('/admin/user-group'));

  return (
    <FormPage title={group ? t('groups.editTitle') : t('groups.addTitle')}>
      <GroupForm
        group={group}
        editor={me?.privileges ?? readStoredPrivileges()}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </FormPage>
  );
}

/** `/admin/user-group/add` (super admin, branch admin): a new permission group. */
export function AddGroupPage() {
  return <GroupFormScreen />;
}

/** `/admin/user-group/edit/:id` (super admin, branch admin): a group's names and grid. */
export function EditGroupPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  return (
    <QueryView query={useQuery(groupQuery(id))} notFoundText={t('groups.notFound')}>
      {(group) => <GroupFormScreen key={group.id} group={group} />}
    </QueryView>
  );
}
