import { Alert, Button, Group, Paper, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCreateBookingMutation } from '../api.ts';
import { CancelRule } from './booking-labels.tsx';
import { CoursePicker, SessionPicker } from './session-picker.tsx';

/**
 * The two booking steps (spec §9: "Select Date" → "Payment And Confirm") after a course is
 * picked: confirming holds the seat, then the payer goes on to the check-out at `checkoutBase`.
 */
export function BookFlow({ studentId, checkoutBase }: { studentId?: number; checkoutBase: string }) {
  const { t } = useTranslation('bookings');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const [courseId, setCourseId] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [step, setStep] = useState(0);
  const create = useCreateBookingMutation();

  const confirm = () => {
    if (sessionId === null) return;
    create.mutate(
      { sessionId, ...(studentId === undefined ? {} : { studentId }) },
      { onSuccess: (booking) => void navigate(`${checkoutBase}/${booking.id}`) },
    );
  };

  return (
    <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} size="sm">
      <Stepper.Step label={t('steps.date')}>
        <Stack gap="md" mt="md">
          <CoursePicker
            courseId={courseId}
            onChange={(next) => {
              setCourseId(next);
              setSessionId(null);
            }}
          />
          {courseId !== null && (
            <SessionPicker courseId={courseId} sessionId={sessionId} onChange={setSessionId} />
          )}
          <Group justify="flex-end">
            <Button disabled={sessionId === null} onClick={() => setStep(1)}>
              {t('steps.next')}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
      <Stepper.Step label={t('steps.confirm')}>
        <Stack gap="md" mt="md">
          <Paper withBorder p="md">
            <Text>{t('confirm.hold')}</Text>
          </Paper>
          <CancelRule />
          {create.isError && (
            <Alert color="red" role="alert">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)}>
              {t('steps.back')}
            </Button>
            <Button onClick={confirm} loading={create.isPending}>
              {t('confirm.book')}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}
