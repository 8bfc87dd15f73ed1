import { Alert, Anchor, Paper, Stack } from '@mantine/core';
import { type Course, isWizardStepDone } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type ExamBody, useSaveExamMutation } from '../api.ts';
import { CourseLoader } from '../components/course-loader.tsx';
import { ExamForm } from '../components/exam-form.tsx';
import { WizardHeader } from '../components/wizard-header.tsx';

function ExamStep({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveExamMutation(course.id);
  const submit = async (exam: ExamBody) => {
    try {
      const saved = await save.mutateAsync(exam);
      notifySuccess(saved.message);
      navigate(`/admin/view-course/${course.id}`);
    } catch (error) {
      notifyError(errorMessage(error));
      throw error;
    }
  };
  return (
    <Stack gap="md" maw={1040}>
      <WizardHeader part="exam" course={course} />
      {isWizardStepDone(course.wizardStep, 'sessions') ? (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <ExamForm
            course={course}
            submitting={save.isPending}
            submitLabel={t('wizard.finish')}
            onBack={() => navigate(`/admin/add-new-course/sessions/${course.id}`)}
            onSubmit={submit}
          />
        </Paper>
      ) : (
        <Alert color="yellow" role="status">
          <Anchor component={Link} to={`/admin/add-new-course/sessions/${course.id}`}>
            {t('wizard.sessionsFirst')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}

/** `/admin/add-new-course/exam/:id` (create_6): the exam settings that complete a course's setup. */
export function CourseExamPage() {
  return <CourseLoader changing>{(course) => <ExamStep key={course.id} course={course} />}</CourseLoader>;
}
