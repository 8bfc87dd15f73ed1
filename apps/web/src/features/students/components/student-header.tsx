import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { StudentProfile } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { StudentFile } from './student-file.tsx';
import { otherNameIn } from './student-labels.ts';
import { StudentStatus } from './student-status.tsx';

/** The top of a student's profile: names, status, the actions allowed, and the hold reason. */
export function StudentHeader({ student, actions }: { student: StudentProfile; actions?: ReactNode }) {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const other = otherNameIn(student, language);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2" data-user-data>
              {nameIn(student, language)}
            </Title>
            <StudentStatus onHold={student.onHold} />
          </Group>
          <Text c="gray.7" data-user-data lang={other.lang}>
            {other.text}
          </Text>
        </div>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {student.onHold && (
        <Alert
          color="red"
          icon={<IconLock aria-hidden />}
          title={t('profile.heldTitle')}
          data-testid="hold-reason"
        >
          <bdi data-user-data>{student.holdReason ?? ''}</bdi>
        </Alert>
      )}
    </Stack>
  );
}

/** The personal photo and the ID copy, each shown when on file. */
export function StudentAttachments({ student }: { student: StudentProfile }) {
  const { t } = useTranslation('students');
  const missing = (
    <Text size="sm" c="gray.7">
      {t('profile.notOnFile')}
    </Text>
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section">
      <Title order={2} size="h4" mb="md">
        {t('form.attachments')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="sm" c="gray.7" mb={4}>
            {t('form.photo')}
          </Text>
          {student.photoFileId ? (
            <StudentFile
              fileId={student.photoFileId}
              alt={t('profile.photoAlt')}
              openLabel={t('profile.open')}
            />
          ) : (
            missing
          )}
        </div>
        <div>
          <Text size="sm" c="gray.7" mb={4}>
            {t('form.idCopy')}
          </Text>
          {student.idCopyFileId ? (
            <StudentFile fileId={student.idCopyFileId} alt={t('form.idCopy')} openLabel={t('profile.open')} />
          ) : (
            missing
          )}
        </div>
      </SimpleGrid>
    </Paper>
  );
}
