import type { Course } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { useSaveSessionsMutation } from '../api.ts';
import { CourseLoader } from '../components/course-loader.tsx';
import { SessionsForm } from '../components/sessions-form.tsx';
import { WizardPage } from '../components/wizard-page.tsx';

function SessionsStep({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const save = useSaveSessionsMutation(course.id);
  const submit = useSaveThen(save.mutateAsync, () => navigate(`/admin/add-new-course/exam/${course.id}`));
  return (
    <WizardPage part="sessions" course={course}>
      <SessionsForm
        course={course}
        submitting={save.isPending}
        submitLabel={t('wizard.next')}
        onBack={() => navigate(`/admin/add-new-course/${course.id}`)}
        onSubmit={submit}
      />
    </WizardPage>
  );
}

/** `/admin/add-new-course/sessions/:id` (create_6): step 2 "Sessions", saved as one list. */
export function CourseSessionsPage() {
  return <CourseLoader changing>{(course) => <SessionsStep key={course.id} course={course} />}</CourseLoader>;
}
