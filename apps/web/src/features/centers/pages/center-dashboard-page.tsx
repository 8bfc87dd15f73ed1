import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Center, CenterStatus } from '@tasreeh/shared';
import { Trans, useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/query-view.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { ownCenterQuery } from '../api.ts';
import { CenterDetails } from '../components/center-details.tsx';
import { CenterStatusBadge } from '../components/center-labels.tsx';

const STATUS_LOOK: Record<CenterStatus, { color: string; Icon: typeof IconClock }> = {
  pending: { color: 'orange.9', Icon: IconClock },
  approved: { color: 'green.9', Icon: IconCircleCheck },
  rejected: { color: 'red.9', Icon: IconCircleX },
};

/** `/center/dashboard`: the centre's own registration status and details. */
export function CenterDashboardPage() {
  return <QueryView query={useQuery(ownCenterQuery)}>{(center) => <Dashboard center={center} />}</QueryView>;
}

function Dashboard({ center }: { center: Center }) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { color, Icon } = STATUS_LOOK[center.status];

  return (
    <Stack gap="md" maw={1080}>
      <div>
        <Title order={1} size="h2" data-testid="dashboard-greeting">
          <Trans
            t={t}
            i18nKey="dashboard.title"
            values={{ name: nameIn(center, language) }}
            components={{ name: <bdi data-user-data /> }}
          />
        </Title>
        <Text c="gray.7">{t(`kinds.${center.kind}`)}</Text>
      </div>
      <Paper withBorder p="lg" data-testid="center-dashboard-status">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" color={color} aria-hidden>
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {t('dashboard.status')}
            </Text>
            <Group gap="sm">
              <CenterStatusBadge status={center.status} />
              <Text fw={600}>{t(`dashboard.notes.${center.status}`)}</Text>
            </Group>
          </Stack>
        </Group>
      </Paper>
      <CenterDetails center={center} />
    </Stack>
  );
}
