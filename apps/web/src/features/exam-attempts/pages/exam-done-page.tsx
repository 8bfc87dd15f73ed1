import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { attemptQuery } from '../api.ts';
import { LAST_ATTEMPT_KEY } from '../attempt-memory.ts';
import { OutcomeCard } from '../components/outcome.tsx';

/** While the server has not yet submitted an attempt past its deadline, how often to look again. */
const WAIT_FOR_SUBMISSION_MS = 3000;

function attemptIdFrom(searchParams: URLSearchParams): number | undefined {
  const given = searchParams.get('attempt');
  let text = given;
  if (!text) {
    try {
      text = sessionStorage.getItem(LAST_ATTEMPT_KEY);
    } catch {
      text = null;
    }
  }
  const id = Number(text);
  return text && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function Outcome({ attemptId, mode }: { attemptId: number; mode: 'done' | 'score' }) {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  const query = useQuery({
    ...attemptQuery(attemptId),
    // The deadline's sweep submits on the server: look again until it has.
    refetchInterval: (current) =>
      current.state.data?.status === 'in_progress' ? WAIT_FOR_SUBMISSION_MS : false,
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;
  return (
    <Stack gap="md">
      <Text fz="xl" data-user-data>
        {language === 'ar' ? view.titleAr : view.titleEn}
      </Text>
      {view.status === 'in_progress' || !view.outcome ? (
        <Text fz="xl" role="status">
          {t('outcome.submitting')}
        </Text>
      ) : (
        <OutcomeCard outcome={view.outcome} />
      )}
      <Group>
        {view.status === 'submitted' && mode === 'done' && (
          <Button size="lg" variant="light" component={Link} to={`/student/exam/score?attempt=${attemptId}`}>
            {t('outcome.seeScore')}
          </Button>
        )}
        {view.status === 'submitted' && (
          <Button size="lg" variant="light" component={Link} to={`/student/exam/session-review/${attemptId}`}>
            {t('list.review')}
          </Button>
        )}
        <Button size="lg" variant="default" component={Link} to="/student/exam?tab=past">
          {t('sitting.backToExams')}
        </Button>
      </Group>
    </Stack>
  );
}

/** `exam/done` and `exam/score`: the attempt's outcome (score, Passed or Failed, the certificate). */
export function ExamOutcomePage({ mode }: { mode: 'done' | 'score' }) {
  const { t } = useTranslation('exam-attempts');
  const [searchParams] = useSearchParams();
  const attemptId = attemptIdFrom(searchParams);
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        {mode === 'done' ? t('outcome.doneTitle') : t('outcome.scoreTitle')}
      </Title>
      {attemptId === undefined ? (
        <Stack gap="sm" align="flex-start">
          <Text fz="lg">{t('outcome.noAttempt')}</Text>
          <Button size="lg" component={Link} to="/student/exam?tab=past">
            {t('sitting.backToExams')}
          </Button>
        </Stack>
      ) : (
        <Outcome attemptId={attemptId} mode={mode} />
      )}
    </Stack>
  );
}

export function ExamDonePage() {
  return <ExamOutcomePage mode="done" />;
}

export function ExamScorePage() {
  return <ExamOutcomePage mode="score" />;
}
