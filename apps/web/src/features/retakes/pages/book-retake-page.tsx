import { Alert, Anchor, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatCentreDateTime, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { retakeSessionsQuery, useBookRetakeMutation } from '../api.ts';

/**
 * `retake-exam/book-retake` (create_9): the student's due retake (from the retake-exam row), a
 * session of that form to choose, then the booking: a ReAssessment is booked at once and free;
 * a ReTake holds the seat and goes on to its `/payment` step (the counter checkout).
 */
export function BookRetakePage() {
  const { t } = useTranslation(['retakes', 'messages']);
  const { language } = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const studentId = Number(search.get('studentId'));
  const courseId = Number(search.get('courseId'));
  const due = search.get('due') === 'ReTake' ? 'ReTake' : 'ReAssessment';
  const valid =
    Number.isSafeInteger(studentId) && studentId > 0 && Number.isSafeInteger(courseId) && courseId > 0;
  const sessions = useQuery({ ...retakeSessionsQuery(courseId, due), enabled: valid });
  const book = useBookRetakeMutation();
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [booked, setBooked] = useState<{ id: number; message: string } | null>(null);

  function submit() {
    if (sessionId === null) return;
    book.mutate(
      { studentId, sessionId },
      {
        onSuccess: (created) => {
          if (created.status === 'Pending Payment') {
            void navigate(`/admin/retake-exam/book-retake/payment/${created.id}`);
            return;
          }
          setBooked({ id: created.id, message: created.message });
        },
      },
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {t('retakes:bookTitle', { due: t(`retakes:due.${due}`) })}
      </Title>
      <Text c="gray.7">{t(due === 'ReTake' ? 'retakes:paidHint' : 'retakes:freeHint')}</Text>
      {!valid ? (
        <EmptyState>{t('retakes:pickFromList')}</EmptyState>
      ) : booked ? (
        <Alert color="green" role="status" data-testid="retake-booked">
          <Stack gap="xs">
            <Text>{booked.message}</Text>
            <Anchor component={Link} to={`/admin/booking-management/book-details/${booked.id}`}>
              {t('retakes:openBooking')}
            </Anchor>
          </Stack>
        </Alert>
      ) : sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.length === 0 ? (
        <EmptyState>{t('retakes:noSessions', { due: t(`retakes:due.${due}`) })}</EmptyState>
      ) : (
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Radio.Group
              data-testid="retake-sessions"
              label={t('retakes:session')}
              value={sessionId === null ? null : String(sessionId)}
              onChange={(value) => setSessionId(Number(value))}
            >
              <Stack gap="xs" mt="xs">
                {sessions.data.map((session) => (
                  <Radio
                    key={session.id}
                    value={String(session.id)}
                    disabled={session.seatsLeft <= 0}
                    label={formatCentreDateTime(session.startsAt, language)}
                    description={t('retakes:seatsLeft', {
                      count: session.seatsLeft,
                      seats: formatNumber(session.seatsLeft, language),
                    })}
                  />
                ))}
              </Stack>
            </Radio.Group>
            {book.error ? (
              <Alert color="red" role="alert">
                {book.error.message}
              </Alert>
            ) : null}
            <Button
              onClick={submit}
              disabled={sessionId === null}
              loading={book.isPending}
              data-testid="book-retake"
            >
              {t(due === 'ReTake' ? 'retakes:bookAndPay' : 'retakes:bookFree')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
