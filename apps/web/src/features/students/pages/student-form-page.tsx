import { Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { StudentProfile } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import {
  type StudentBody,
  studentQuery,
  useSaveStudentMutation,
  useUploadAttachmentMutation,
} from '../api.ts';
import { changedContacts, useContactConfirmation } from '../components/contact-change-modal.tsx';
import { type StudentFiles, StudentForm } from '../components/student-form.tsx';

function StudentFormScreen({ student }: { student?: StudentProfile }) {
  const { t } = useTranslation('students');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveStudentMutation(student?.id);
  const upload = useUploadAttachmentMutation();
  const contacts = useContactConfirmation(student && `/students/${student.id}`);

  const submit = async (body: StudentBody, files: StudentFiles) => {
    // A new login e-mail or phone is confirmed with the code sent to it first; closing the modal saves nothing.
    const edited = { email: String(body.email ?? ''), phone: String(body.mobile ?? '') };
    if (student && !(await contacts.confirm(changedContacts(student, edited)))) return;
    let saved: { id: number; message: string };
    try {
      saved = await save.mutateAsync(body);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
    notifySuccess(saved.message);
    // The student is saved; a refused file says why, and the profile shows what is on file.
    for (const kind of ['photo', 'idCopy'] as const) {
      const file = files[kind];
      if (!file) continue;
      try {
        await upload.mutateAsync({ id: saved.id, kind, file });
      } catch (error) {
        notifyError(`${t(`form.${kind}`)}: ${errorMessage(error)}`);
      }
    }
    navigate(`/admin/students/profile/${saved.id}`);
  };

  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {student ? t('form.editTitle') : t('form.addTitle')}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <StudentForm
          scope="admin"
          student={student}
          submitting={save.isPending || upload.isPending}
          cancelTo={student ? `/admin/students/profile/${student.id}` : '/admin/students'}
          onSubmit={submit}
        />
      </Paper>
      {contacts.modal}
    </Stack>
  );
}

/** `/admin/students/add-new` (create_3): a new student; the password goes to them by SMS. */
export function AddStudentPage() {
  return <StudentFormScreen />;
}

/** `/admin/students/edit/:id` (edit_3): the form filled from the stored student. */
export function EditStudentPage() {
  const { t } = useTranslation('students');
  const { id = '' } = useParams();
  const query = useQuery(studentQuery('admin', id));
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(student) => <StudentFormScreen key={student.id} student={student} />}
    </QueryView>
  );
}
