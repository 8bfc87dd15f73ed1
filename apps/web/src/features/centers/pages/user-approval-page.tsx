import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { CenterFilterBar, type CenterFilters } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';
import { ReviewActions } from '../components/review-actions.tsx';

/** `/admin/user-approval` (super admin): registrations waiting for a decision, oldest first, with Approve / Reject. */
export function UserApprovalPage() {
  const { t } = useTranslation('centers');
  const list = useListState<CenterFilters>({ kind: '', status: 'pending', sort: 'createdAt', order: 'asc' });
  return (
    <Stack gap="md">
      <ListHeader title={t('approval.title')} intro={t('approval.intro')} />
      <CenterFilterBar list={list} showKind showStatus={false} />
      <CentersTable
        list={list}
        columns={['kind', 'crNumber', 'licence', 'place', 'submitted']}
        caption={t('approval.caption')}
        noneText={t('approval.none')}
        noMatchText={t('approval.noMatch')}
        actions={(center) => center.abilities.review && <ReviewActions center={center} compact />}
      />
    </Stack>
  );
}
