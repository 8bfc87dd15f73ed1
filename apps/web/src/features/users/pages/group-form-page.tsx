import { useQuery } from '@tanstack/react-query';
import type { PermissionGroup, PermissionGroupFormOptions } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useCurrentUser } from '../../auth/current-user.ts';
import { readStoredPrivileges } from '../../auth/session.ts';
import { groupFormOptionsQuery, groupQuery, useSaveGroupMutation } from '../api.ts';
import { GroupForm } from '../components/group-form.tsx';

function GroupFormScreen({
  group,
  owners,
}: {
  group?: PermissionGroup;
  owners?: PermissionGroupFormOptions;
}) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const save = useSaveGroupMutation(group ? String(group.id) : undefined);
  const submit = useSaveThen(save.mutateAsync, () => navigate('/admin/user-group'));

  return (
    <FormPage title={group ? t('groups.editTitle') : t('groups.addTitle')}>
      <GroupForm
        group={group}
        owners={owners}
        editor={me?.privileges ?? readStoredPrivileges()}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </FormPage>
  );
}

/** `/admin/user-group/add` (super admin, branch admin): a new permission group, of head office or a branch. */
export function AddGroupPage() {
  return (
    <QueryView query={useQuery(groupFormOptionsQuery)}>
      {(owners) => <GroupFormScreen owners={owners} />}
    </QueryView>
  );
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
