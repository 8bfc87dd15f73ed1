import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { studentQuery, useFindByIdNumberMutation } from '../../students/api.ts';
import { BookFlow } from '../components/book-flow.tsx';

/** `/admin/new-book` (create_9): the teller finds the student at the counter by ID number. */
export function NewBookPage() {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const [idNumber, setIdNumber] = useState('');
  const find = useFindByIdNumberMutation();
  const student = find.data;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t('newBook.title')}
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (idNumber.trim()) find.mutate(idNumber.trim());
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('newBook.idNumber')}
            value={idNumber}
            onChange={(event) => setIdNumber(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" loading={find.isPending}>
            {t('newBook.find')}
          </Button>
        </Group>
      </form>
      {find.isError && (
        <Alert color="red" role="alert">
          {errorMessage(find.error)}
        </Alert>
      )}
      {student && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text fw={600} data-user-data>
              {nameIn(student, language)} · <bdi>{student.idNumber}</bdi>
            </Text>
            {student.onHold ? (
              <Alert color="orange">{t('newBook.onHold')}</Alert>
            ) : (
              <Group>
                <Button component={Link} to={`/admin/new-book/end?studentId=${student.id}`}>
                  {t('newBook.continue')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** `/admin/new-book/end` (create_9): the course and session for the student found, then the counter payment. */
export function NewBookEndPage() {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const [params] = useSearchParams();
  const studentId = params.get('studentId') ?? '';
  const student = useQuery({ ...studentQuery('admin', studentId), enabled: /^\d+$/.test(studentId) });
  if (!/^\d+$/.test(studentId)) {
    return (
      <Alert color="orange">
        <Link to="/admin/new-book">{t('newBook.pickFirst')}</Link>
      </Alert>
    );
  }
  if (student.isPending) return <LoadingState />;
  if (student.isError) return <ErrorState error={student.error} onRetry={() => void student.refetch()} />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('newBook.endTitle')}
      </Title>
      <Text data-user-data>
        {nameIn(student.data, language)} · <bdi>{student.data.idNumber}</bdi>
      </Text>
      <BookFlow studentId={Number(studentId)} checkoutBase="/admin/payments/check-out" />
    </Stack>
  );
}
