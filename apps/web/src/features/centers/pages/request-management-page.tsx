import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { CenterFilterBar, type CenterFilters } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';

/** `/admin/request-management` (super admin): every registration request, by status, with its dates. */
export function RequestManagementPage() {
  const { t } = useTranslation('centers');
  const list = useListState<CenterFilters>({ kind: '', status: '', sort: 'createdAt', order: 'desc' });
  return (
    <Stack gap="md">
      <ListHeader title={t('requests.title')} intro={t('requests.intro')} />
      <CenterFilterBar list={list} showKind />
      <CentersTable
        list={list}
        columns={['kind', 'crNumber', 'status', 'submitted', 'reviewed']}
        caption={t('requests.caption')}
        noneText={t('requests.none')}
        noMatchText={t('requests.noMatch')}
      />
    </Stack>
  );
}
