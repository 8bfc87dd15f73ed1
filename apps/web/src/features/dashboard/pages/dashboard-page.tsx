import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendar, IconId } from '@tabler/icons-react';
import { areaOf, userTypeSlug } from '@tasreeh/shared';
import { Trans, useTranslation } from 'react-i18next';
import { formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCurrentUser } from '../../auth/current-user.ts';

/** An area's dashboard: a greeting by name, the account's type and area, and today's date in both calendars. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common', 'layout']);
  const { language } = useLanguage();
  const user = useCurrentUser();
  if (!user) return null;
  const today = new Date();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="dashboard-greeting">
          <Trans
            t={t}
            i18nKey="dashboard:greeting"
            values={{ name: user.name }}
            components={{ user: <bdi data-user-data /> }}
          />
        </Title>
        <Text c="gray.7">{t(`dashboard:intro.${areaOf(user.type)}`)}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <IconId size={22} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text size="sm" c="gray.7">
                {t('dashboard:account.type')}
              </Text>
              <Text fw={600} data-testid="dashboard-user-type">
                {t(`common:userTypes.${userTypeSlug(user.type)}`)}
              </Text>
              <Text size="sm" c="gray.7">
                {t('dashboard:account.area', { area: t(`layout:areas.${areaOf(user.type)}`) })}
              </Text>
            </Stack>
          </Group>
        </Card>
        <Card withBorder padding="lg">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
              <IconCalendar size={22} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text size="sm" c="gray.7">
                {t('dashboard:today')}
              </Text>
              <Text fw={600}>{formatDate(today, language)}</Text>
              <Text size="sm" c="gray.7">
                {formatHijriDate(today, language)}
              </Text>
            </Stack>
          </Group>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
