import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenterFilterBar } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';
import { useCenterList } from '../components/use-center-list.ts';

/** `/admin/request-management` (super admin): every registration request, by status, with its dates. */
export function RequestManagementPage() {
  const { t } = useTranslation('centers');
  const list = useCenterList({ kind: '', status: '', sort: 'createdAt', order: 'desc' });
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('requests.title')}
        </Title>
        <Text c="gray.7">{t('requests.intro')}</Text>
      </div>
      <CenterFilterBar list={list} showKind />
      <CentersTable
        list={list}
        columns={['kind', 'crNumber', 'status', 'submitted', 'reviewed']}
        caption={t('requests.caption')}
        empty={t('requests.empty')}
      />
    </Stack>
  );
}
