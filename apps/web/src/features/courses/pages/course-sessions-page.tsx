import { Paper, Stack } from '@mantine/core';
import type { Course } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type SessionBody, useSaveSessionsMutation } from '../api.ts';
import { CourseLoader } from '../components/course-loader.tsx';
import { SessionsForm } from '../components/sessions-form.tsx';
import { WizardHeader } from '../components/wizard-header.tsx';

function SessionsStep({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveSessionsMutation(course.id);
  const submit = async (sessions: SessionBody[]) => {
    try {
      const saved = await save.mutateAsync(sessions);
      notifySuccess(saved.message);
      navigate(`/admin/add-new-course/exam/${course.id}`);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  return (
    <Stack gap="md" maw={1040}>
      <WizardHeader part="sessions" course={course} />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <SessionsForm
          course={course}
          submitting={save.isPending}
          submitLabel={t('wizard.next')}
          onBack={() => navigate(`/admin/add-new-course/${course.id}`)}
          onSubmit={submit}
        />
      </Paper>
    </Stack>
  );
}

/** `/admin/add-new-course/sessions/:id` (create_6): step 2 "Sessions", saved as one list. */
export function CourseSessionsPage() {
  return <CourseLoader changing>{(course) => <SessionsStep key={course.id} course={course} />}</CourseLoader>;
}
