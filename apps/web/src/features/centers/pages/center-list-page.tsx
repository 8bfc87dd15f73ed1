import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenterFilterBar } from '../components/center-filters.tsx';
import { CentersTable } from '../components/centers-table.tsx';
import { useCenterList } from '../components/use-center-list.ts';

/** `/admin/training-center` and `/admin/medical-center` (super admin): the centres of a kind. */
export function CenterListPage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  const list = useCenterList({ kind, status: '', sort: 'createdAt', order: 'desc' });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {t(`list.title.${kind}`)}
        </Title>
        <Button
          component={Link}
          to={`/admin/${kind}-center/add-new`}
          leftSection={<IconPlus size={18} aria-hidden />}
        >
          {t('list.add')}
        </Button>
      </Group>
      <CenterFilterBar list={list} />
      <CentersTable
        list={list}
        columns={['crNumber', 'licence', 'place', 'status', 'submitted']}
        caption={t('list.caption')}
        empty={t('list.empty')}
      />
    </Stack>
  );
}
