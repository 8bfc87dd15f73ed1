import { Button, Modal, Stack } from '@mantine/core';
import { IconArrowsExchange, IconLock, IconLockOpen, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { studentQuery } from '../api.ts';
import { HoldModal } from '../components/hold-modal.tsx';
import { StudentDetails } from '../components/student-details.tsx';
import { StudentAttachments, StudentHeader } from '../components/student-header.tsx';
import { TransferForm } from '../components/transfer-form.tsx';

/**
 * `/admin/students/profile/:id` (read_3): all of a student's data, photo and ID copy; Hold /
 * UnHold with a reason and transfer, each for those who may (the student's abilities).
 */
export function StudentProfilePage() {
  const { t } = useTranslation('students');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(studentQuery('admin', id));
  const [dialog, setDialog] = useState<'hold' | 'transfer' | null>(null);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const student = query.data;
  const { abilities } = student;
  const close = () => setDialog(null);

  return (
    <Stack gap="md" maw={1080}>
      <StudentHeader
        student={student}
        actions={
          (abilities.edit || abilities.hold || abilities.transfer) && (
            <>
              {abilities.edit && (
                <Button
                  component={Link}
                  to={`/admin/students/edit/${student.id}`}
                  leftSection={<IconPencil size={18} aria-hidden />}
                >
                  {t('profile.edit')}
                </Button>
              )}
              {abilities.hold && (
                <Button
                  variant="default"
                  color={student.onHold ? undefined : 'red.8'}
                  leftSection={
                    student.onHold ? (
                      <IconLockOpen size={18} aria-hidden />
                    ) : (
                      <IconLock size={18} aria-hidden />
                    )
                  }
                  onClick={() => setDialog('hold')}
                >
                  {student.onHold ? t('profile.unhold') : t('profile.hold')}
                </Button>
              )}
              {abilities.transfer && (
                <Button
                  variant="default"
                  leftSection={<IconArrowsExchange size={18} aria-hidden />}
                  onClick={() => setDialog('transfer')}
                >
                  {t('profile.transfer')}
                </Button>
              )}
            </>
          )
        }
      />
      <StudentAttachments student={student} />
      <StudentDetails student={student} />
      {dialog === 'hold' && (
        <HoldModal
          student={{ id: student.id, name: nameIn(student, language), onHold: student.onHold }}
          onClose={close}
        />
      )}
      <Modal
        opened={dialog === 'transfer'}
        onClose={close}
        title={t('transfer.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('hold.cancel') }}
      >
        {dialog === 'transfer' && <TransferForm student={student} onDone={close} />}
      </Modal>
    </Stack>
  );
}
