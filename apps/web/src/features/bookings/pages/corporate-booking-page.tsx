import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { BookingPaymentType, PaymentTiming } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { studentListQuery } from '../../students/api.ts';
import { useCreateBatchMutation } from '../api.ts';
import { CancelRule } from '../components/booking-labels.tsx';
import { MyBookings } from '../components/my-bookings.tsx';
import { CoursePicker, SessionPicker } from '../components/session-picker.tsx';

/** The corporate's students to tick, searched on the server (held ones cannot be booked). */
function StudentChecklist({ selected, onChange }: { selected: number[]; onChange(ids: number[]): void }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search, 350);
  const students = useQuery(
    studentListQuery('corporate', {
      search: settled,
      sort: language === 'ar' ? 'nameAr' : 'nameEn',
      order: 'asc',
      limit: 100,
    }),
  );
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((other) => other !== id));
  return (
    <Stack gap="xs">
      <TextInput
        label={t('corporate.searchStudents')}
        description={t('corporate.searchHint')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {students.isPending && <LoadingState />}
      {students.isError && <ErrorState error={students.error} onRetry={() => void students.refetch()} />}
      {students.isSuccess && students.data.items.length === 0 && (
        <EmptyState>{t('corporate.noStudents')}</EmptyState>
      )}
      {students.isSuccess &&
        students.data.items.map((student) => (
          <Checkbox
            key={student.id}
            checked={selected.includes(student.id)}
            disabled={student.onHold}
            onChange={(event) => toggle(student.id, event.currentTarget.checked)}
            label={
              <span data-user-data>
                {nameIn(student, language)} · <bdi>{student.idNumber}</bdi>
                {student.onHold ? ` — ${t('corporate.onHold')}` : ''}
              </span>
            }
          />
        ))}
      <Text size="sm">{t('corporate.selected', { count: selected.length })}</Text>
    </Stack>
  );
}

/** `/corporate/booking`: book many of the corporate's students into one session, all seats or none. */
export function CorporateBookingPage() {
  const { t } = useTranslation('bookings');
  const { errorMessage } = useMessages();
  const [courseId, setCourseId] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [studentIds, setStudentIds] = useState<number[]>([]);
  const [paymentTiming, setTiming] = useState<PaymentTiming>('Immediate');
  const [paymentType, setType] = useState<BookingPaymentType>('full');
  const batch = useCreateBatchMutation();
  const ready = sessionId !== null && studentIds.length > 0;

  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('corporate.title')}
        </Title>
        <Paper withBorder p="md">
          <Stack gap="md">
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
          </Stack>
        </Paper>
        {sessionId !== null && (
          <Paper withBorder p="md">
            <StudentChecklist selected={studentIds} onChange={setStudentIds} />
          </Paper>
        )}
        <Group align="flex-start" wrap="wrap" gap="xl">
          <Radio.Group
            label={t('corporate.timing')}
            value={paymentTiming}
            onChange={(value) => setTiming(value === 'Deferred' ? 'Deferred' : 'Immediate')}
          >
            <Group mt="xs">
              <Radio value="Immediate" label={t('timings.Immediate')} />
              <Radio value="Deferred" label={t('timings.Deferred')} />
            </Group>
          </Radio.Group>
          <Radio.Group
            label={t('corporate.paymentType')}
            value={paymentType}
            onChange={(value) => setType(value === 'partial' ? 'partial' : 'full')}
          >
            <Group mt="xs">
              <Radio value="full" label={t('paymentTypes.full')} />
              <Radio value="partial" label={t('paymentTypes.partial')} />
            </Group>
          </Radio.Group>
        </Group>
        <Text size="sm">{t('corporate.allOrNone')}</Text>
        <CancelRule />
        {batch.isError && (
          <Alert color="red" role="alert">
            {errorMessage(batch.error)}
          </Alert>
        )}
        {batch.isSuccess && (
          <Alert color="green" role="status">
            {batch.data.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            disabled={!ready}
            loading={batch.isPending}
            onClick={() => {
              if (sessionId === null) return;
              batch.mutate(
                { sessionId, studentIds, paymentTiming, paymentType },
                { onSuccess: () => setStudentIds([]) },
              );
            }}
          >
            {t('corporate.book', { count: studentIds.length })}
          </Button>
        </Group>
      </Stack>
      <MyBookings detailsBase="/corporate/booking" showStudent />
    </Stack>
  );
}
