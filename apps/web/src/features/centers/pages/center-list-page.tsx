import { Stack } from '@mantine/core';
import type { CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { CenterFilterBar, type CenterFilters } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';

/** `/admin/training-center` and `/admin/medical-center` (super admin): the centres of a kind. */
export function CenterListPage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  const list = useListState<CenterFilters>({ kind, status: '', sort: 'createdAt', order: 'desc' });
  const add = {
    label: t('list.add'),
    to: `/admin/${kind}-center/add-new`,
    allowed: useAbility('centers', 'create'),
  };
  return (
    <Stack gap="md">
      <ListHeader title={t(`list.title.${kind}`)} add={add} />
      <CenterFilterBar list={list} />
      <CentersTable
        list={list}
        columns={['crNumber', 'licence', 'place', 'status', 'submitted']}
        caption={t('list.caption')}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
      />
    </Stack>
  );
}
