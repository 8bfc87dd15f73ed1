import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenterFilterBar } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';
import { ReviewActions } from '../components/review-actions.tsx';
import { useCenterList } from '../components/use-center-list.ts';

/** `/admin/user-approval` (super admin): registrations waiting for a decision, oldest first, with Approve / Reject. */
export function UserApprovalPage() {
  const { t } = useTranslation('centers');
  const list = useCenterList({ kind: '', status: 'pending', sort: 'createdAt', order: 'asc' });
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('approval.title')}
        </Title>
        <Text c="gray.7">{t('approval.intro')}</Text>
      </div>
      <CenterFilterBar list={list} showKind showStatus={false} />
      <CentersTable
        list={list}
        columns={['kind', 'crNumber', 'licence', 'place', 'submitted']}
        caption={t('approval.caption')}
        empty={t('approval.empty')}
        actions={(center) => <ReviewActions center={center} compact />}
      />
    </Stack>
  );
}
