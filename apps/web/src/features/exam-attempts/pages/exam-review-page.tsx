import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { attemptQuery, attemptReviewQuery } from '../api.ts';
import { OutcomeCard } from '../components/outcome.tsx';

/** `exam/session-review/:attemptId`: what the exam's review setting shows after submission. */
export function ExamReviewPage() {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  const { attemptId = '' } = useParams();
  const id = Number(attemptId);
  const review = useQuery({ ...attemptReviewQuery(id), retry: false });
  const attempt = useQuery(attemptQuery(id));
  const back = (
    <Button size="lg" variant="default" component={Link} to="/student/exam?tab=past">
      {t('sitting.backToExams')}
    </Button>
  );
  let body: ReactNode;
  if (review.isPending) body = <LoadingState />;
  else if (review.isError && review.error instanceof ApiError && review.error.status === 403) {
    body = (
      <Alert color="blue">
        <Text fz="lg">{t('review.notOffered')}</Text>
      </Alert>
    );
  } else if (review.isError) {
    body = <ErrorState error={review.error} onRetry={() => void review.refetch()} />;
  } else {
    const { outcome, questions } = review.data;
    body = (
      <Stack gap="md">
        {outcome && <OutcomeCard outcome={outcome} />}
        {questions?.map((question, index) => {
          const right = question.chosenAnswerId === question.correctAnswerId;
          return (
            <Paper
              key={question.id}
              withBorder
              p="lg"
              component="section"
              aria-label={t('sitting.questionOf', {
                number: formatNumber(index + 1, language),
                total: formatNumber(questions.length, language),
              })}
            >
              <Stack gap="sm">
                <Text fz="lg" fw={700} c={right ? 'green.9' : 'red.9'}>
                  {right ? t('review.right') : t('review.wrong')}
                </Text>
                <Stack gap="sm" lang={attempt.data?.language} dir={attempt.data?.direction}>
                  <Text fz={22} fw={600}>
                    {question.text}
                  </Text>
                  <List spacing="xs" listStyleType="none">
                    {question.answers.map((answer) => (
                      <List.Item key={answer.id}>
                        <Text
                          fz={20}
                          fw={answer.id === question.correctAnswerId ? 700 : 400}
                          td={answer.id === question.chosenAnswerId && !right ? 'line-through' : undefined}
                        >
                          {answer.text}
                          {answer.id === question.correctAnswerId && (
                            <Text span fz="md" c="green.9" lang={language} dir="auto">
                              {` — ${t('review.correctAnswer')}`}
                            </Text>
                          )}
                          {answer.id === question.chosenAnswerId && (
                            <Text span fz="md" c="gray.8" lang={language} dir="auto">
                              {` — ${t('review.yourAnswer')}`}
                            </Text>
                          )}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={820} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('review.title')}
      </Title>
      {attempt.data && (
        <Text fz="xl" data-user-data>
          {language === 'ar' ? attempt.data.titleAr : attempt.data.titleEn}
        </Text>
      )}
      {body}
      <div>{back}</div>
    </Stack>
  );
}
