import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendar, IconId } from '@tabler/icons-react';
import { areaOf, userTypeSlug } from '@tasreeh/shared';
import { lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/page-states.tsx';
import { formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { i18next } from '../../../i18n/index.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCurrentUser } from '../../auth/current-user.ts';
import { useAbility } from '../../auth/use-ability.ts';

/** The texts the sections below borrow (language and form names), loaded with their code. */
const withTexts = <Module,>(load: Promise<Module>) =>
  Promise.all([load, i18next.loadNamespaces(['courses', 'exam-results'])]).then(([module]) => module);

/**
 * The statistics and the examiner's sessions come in chunks of their own, asked for only by the
 * dashboards that show them, so the dashboard's first paint stays small (decision 0010).
 */
const BusinessStatsSection = lazy(() => import('../components/business-stats-section.tsx'));
const ExamStatsSection = lazy(() => withTexts(import('../components/exam-stats-section.tsx')));
const AssignedSessions = lazy(() => withTexts(import('../components/assigned-sessions.tsx')));

/**
 * An area's dashboard: a greeting by name, the account's type and area, and today's date in both
 * calendars; below, the business statistics for back-office staff with read_1, read_9 or read_10
 * (the server answers the parts they hold), the exam statistics for those with read_19, and an
 * examiner's own exam sessions.
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common', 'layout']);
  const { language } = useLanguage();
  const user = useCurrentUser();
  const readsScores = useAbility('exam-results', 'stats');
  // The business-stats policy's caller rule: read_1, read_9 or read_10 (the server answers the parts held).
  const readsBusiness = useAbility('business-stats', 'read');
  if (!user) return null;
  const today = new Date();
  const area = areaOf(user.type);

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
        <Text c="gray.7">{t(`dashboard:intro.${area}`)}</Text>
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
                {t('dashboard:account.area', { area: t(`layout:areas.${area}`) })}
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
      {area === 'admin' && readsBusiness && (
        <Suspense fallback={<LoadingState minHeight={240} />}>
          <BusinessStatsSection />
        </Suspense>
      )}
      {area === 'admin' && readsScores && (
        <Suspense fallback={<LoadingState minHeight={240} />}>
          <ExamStatsSection />
        </Suspense>
      )}
      {user.type === 'Examiner' && (
        <Suspense fallback={<LoadingState minHeight={240} />}>
          <AssignedSessions />
        </Suspense>
      )}
    </Stack>
  );
}
