import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBooks, IconBroadcast } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AssignedSession, AssignedSessionPeriod, Language } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { centreDateTimeFormat } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { assignedSessionsQuery } from '../api.ts';

function when(session: AssignedSession, language: Language): string {
  return centreDateTimeFormat(language).formatRange(new Date(session.startsAt), new Date(session.endsAt));
}

/** One session: course, date, branch, form and exam language, Remote when it is, and its links. */
function SessionRow({ session }: { session: AssignedSession }) {
  const { t } = useTranslation(['dashboard', 'courses', 'exam-results', 'scheduling']);
  const { language } = useLanguage();
  const course = language === 'ar' ? session.courseNameAr : session.courseNameEn;
  const branch = language === 'ar' ? session.branchNameAr : session.branchNameEn;
  return (
    <Paper withBorder p="sm" data-testid="assigned-session" data-session-id={session.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text fw={600} data-user-data>
            {course}
          </Text>
          <Text size="sm">{when(session, language)}</Text>
          <Text size="sm" c="gray.7">
            {t('dashboard:sessions.details', {
              branch,
              form: t(`exam-results:examType.${session.examType}`, { defaultValue: session.examType }),
              language: t(`courses:languages.${session.language}`, { defaultValue: session.language }),
            })}
          </Text>
          {session.delivery === 'remote' && (
            <Badge variant="light" w="fit-content">
              {t('scheduling:delivery.remote')}
            </Badge>
          )}
          {session.status === 'cancelled' && (
            <Badge color="gray" variant="light">
              {t('dashboard:sessions.cancelled')}
            </Badge>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/examiner/exam-live/${session.id}`}
            size="xs"
            leftSection={<IconBroadcast size={16} />}
          >
            {t('dashboard:sessions.live')}
          </Button>
          {session.examId !== null && (
            <Button
              component={Link}
              to={`/examiner/add-exam/${session.examId}`}
              size="xs"
              variant="light"
              leftSection={<IconBooks size={16} />}
            >
              {t('dashboard:sessions.bank')}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** One part of the list (today and upcoming, or past), a page at a time with "Show more". */
function SessionGroup({ when: period }: { when: AssignedSessionPeriod }) {
  const { t } = useTranslation('dashboard');
  const query = useInfiniteQuery(assignedSessionsQuery(period));
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState minHeight={80} />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else {
    const items = query.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <EmptyState>{t(`sessions.none.${period}`)}</EmptyState>
      ) : (
        <Stack gap="xs">
          {items.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
          {query.hasNextPage && (
            <Group justify="center">
              <Button
                variant="subtle"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {t('sessions.more')}
              </Button>
            </Group>
          )}
        </Stack>
      );
  }
  return (
    <Stack gap="xs" data-testid={`assigned-sessions-${period}`}>
      <Title order={3} size="h5">
        {t(`sessions.groups.${period}`)}
      </Title>
      {body}
    </Stack>
  );
}

/**
 * The examiner's "My exam sessions": today's and the coming sessions first (soonest first), then
 * the past ones (latest first), each with its live view and its course's question banks. The
 * server lists only the sessions assigned to the caller.
 */
export function AssignedSessions() {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="assigned-sessions-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="assigned-sessions-title">
          {t('sessions.title')}
        </Title>
        <SessionGroup when="upcoming" />
        <SessionGroup when="past" />
      </Stack>
    </Card>
  );
}

export default AssignedSessions;
