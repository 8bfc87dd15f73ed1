import { Alert, Anchor } from '@mantine/core';
import { type Course, isWizardStepDone } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { useSaveExamMutation } from '../api.ts';
import { CourseLoader } from '../components/course-loader.tsx';
import { ExamForm } from '../components/exam-form.tsx';
import { WizardPage } from '../components/wizard-page.tsx';

function ExamStep({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const save = useSaveExamMutation(course.id);
  const submit = useSaveThen(save.mutateAsync, () => navigate(`/admin/view-course/${course.id}`));
  return (
    <WizardPage part="exam" course={course}>
      {isWizardStepDone(course.wizardStep, 'sessions') ? (
        <ExamForm
          course={course}
          submitting={save.isPending}
          submitLabel={t('wizard.finish')}
          onBack={() => navigate(`/admin/add-new-course/sessions/${course.id}`)}
          onSubmit={submit}
        />
      ) : (
        <Alert color="yellow" role="status">
          <Anchor component={Link} to={`/admin/add-new-course/sessions/${course.id}`}>
            {t('wizard.sessionsFirst')}
          </Anchor>
        </Alert>
      )}
    </WizardPage>
  );
}

/** `/admin/add-new-course/exam/:id` (create_6): the exam settings that complete a course's setup. */
export function CourseExamPage() {
  return <CourseLoader changing>{(course) => <ExamStep key={course.id} course={course} />}</CourseLoader>;
}
