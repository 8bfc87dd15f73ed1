import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';

/** A start the server refused, in words, with what the candidate can do about it. */
export function StartRefused({
  error,
  bookingId,
  onRetry,
}: {
  error: unknown;
  bookingId: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation('exam-attempts');
  const { message, errorMessage } = useMessages();
  // A code of the attempts module this screen names (its message text comes from the server).
  const code: string | undefined = error instanceof ApiError ? error.code : undefined;
  let text: string;
  let action: ReactNode;
  if (code === 'EXAM_NOT_STARTED') {
    text = message('EXAM_NOT_STARTED');
    action = (
      <Button size="lg" onClick={onRetry}>
        {t('sitting.tryAgain')}
      </Button>
    );
  } else if (code === 'EXAM_FINISHED') {
    text = message('EXAM_FINISHED');
    action = (
      <Button size="lg" component={Link} to="/student/exam?tab=past">
        {t('sitting.backToExams')}
      </Button>
    );
  } else if (code === 'EXAM_CHECKIN_REQUIRED') {
    text = errorMessage(error);
    action = (
      <Button size="lg" component={Link} to={`/student/exam/check-out/${bookingId}`}>
        {t('list.checkIn')}
      </Button>
    );
  } else {
    text = errorMessage(error);
    action = (
      <Group>
        <Button size="lg" onClick={onRetry}>
          {t('sitting.tryAgain')}
        </Button>
        <Button size="lg" variant="default" component={Link} to="/student/exam">
          {t('sitting.backToExams')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('sitting.title')}
      </Title>
      <Alert color={code === 'EXAM_NOT_STARTED' ? 'blue' : 'orange'} role="alert">
        <Text fz={24} fw={600}>
          {text}
        </Text>
      </Alert>
      <div>{action}</div>
    </Stack>
  );
}
