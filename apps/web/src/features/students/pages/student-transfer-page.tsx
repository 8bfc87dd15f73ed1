import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { studentQuery } from '../api.ts';
import { FindByIdNumber } from '../components/find-by-id-number.tsx';
import { StudentStatus } from '../components/student-status.tsx';
import { TransferForm } from '../components/transfer-form.tsx';

/** The student found, where they are now, and the transfer form (for those who may transfer them). */
function FoundStudent({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const query = useQuery(studentQuery('admin', String(id)));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const student = query.data;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="transfer-student">
      <Stack gap="md">
        <div>
          <Group gap="sm">
            <Title order={2} size="h4" id="transfer-student">
              <Anchor component={Link} to={`/admin/students/profile/${student.id}`} data-user-data>
                {nameIn(student, language)}
              </Anchor>
            </Title>
            <StudentStatus onHold={student.onHold} />
          </Group>
          <Text size="sm" c="gray.7" data-testid="transfer-current">
            {t('transfer.now', {
              branch: student.branch ? nameIn(student.branch, language) : '',
              corporate: student.corporate ? nameIn(student.corporate, language) : t('profile.individual'),
            })}
          </Text>
        </div>
        {student.abilities.transfer ? (
          <TransferForm
            key={`${student.branch?.id}-${student.corporate?.id}`}
            student={student}
            onDone={onDone}
          />
        ) : (
          <Alert color="gray">{t('transfer.readOnly')}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** `/admin/student-transfer` (read_3 to open; edit_3 to transfer): find by ID number, choose the target, confirm. */
export function StudentTransferPage() {
  const { t } = useTranslation('students');
  const [studentId, setStudentId] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('transfer.title')}
      </Title>
      <Text c="gray.7">{t('transfer.intro')}</Text>
      <Paper withBorder p="md">
        <FindByIdNumber id="transfer-id-number" onFound={(student) => setStudentId(student.id)} />
      </Paper>
      {studentId !== null && (
        <FoundStudent key={`${studentId}-${round}`} id={studentId} onDone={() => setRound((n) => n + 1)} />
      )}
    </Stack>
  );
}
