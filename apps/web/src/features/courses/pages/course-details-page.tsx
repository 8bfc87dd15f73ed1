import type { Course } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { notifyError } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type CourseBody, useSaveCourseMutation, useUploadCourseImageMutation } from '../api.ts';
import { CourseForm } from '../components/course-form.tsx';
import { CourseLoader } from '../components/course-loader.tsx';
import { WizardPage } from '../components/wizard-page.tsx';

/** Where a saved form goes next, and where it stays when only its image failed. */
interface Destinations {
  next: (id: number) => string;
  stay: (id: number) => string;
}

const WIZARD: Destinations = {
  next: (id) => `/admin/add-new-course/sessions/${id}`,
  stay: (id) => `/admin/add-new-course/${id}`,
};
const EDIT: Destinations = {
  next: (id) => `/admin/view-course/${id}`,
  stay: (id) => `/admin/edit-course/${id}`,
};

/** Saves the main details, then the chosen image; a failed image keeps the saved course and says why. */
function useSaveDetails(course: Course | undefined, destinations: Destinations) {
  const { errorMessage } = useMessages();
  const navigate = useNavigate();
  const save = useSaveCourseMutation(course?.id);
  const upload = useUploadCourseImageMutation();
  const saveThen = useSaveThen(
    ({ body }: { body: CourseBody; image: File | null }) => save.mutateAsync(body),
    async (saved, { image }) => {
      if (image) {
        try {
          await upload.mutateAsync({ id: saved.id, image });
        } catch (error) {
          notifyError(errorMessage(error));
          navigate(destinations.stay(saved.id), { replace: true });
          return;
        }
      }
      navigate(destinations.next(saved.id));
    },
  );
  const submit = (body: CourseBody, image: File | null) => saveThen({ body, image });
  return { submit, pending: save.isPending || upload.isPending };
}

function DetailsStep({ course }: { course?: Course }) {
  const { t } = useTranslation('courses');
  const { submit, pending } = useSaveDetails(course, WIZARD);
  return (
    <WizardPage part="details" course={course}>
      <CourseForm
        course={course}
        submitting={pending}
        submitLabel={t('wizard.next')}
        cancelTo={course ? `/admin/view-course/${course.id}` : '/admin/course-management'}
        onSubmit={submit}
      />
    </WizardPage>
  );
}

/** `/admin/add-new-course` (create_6): step 1 "Main Details" of a new course. */
export function AddCoursePage() {
  return <DetailsStep />;
}

/** `/admin/add-new-course/:id` (create_6): step 1 again, for a course whose setup goes on. */
export function ContinueCoursePage() {
  return <CourseLoader changing>{(course) => <DetailsStep key={course.id} course={course} />}</CourseLoader>;
}

function EditScreen({ course }: { course: Course }) {
  const { t } = useTranslation('courses');
  const { submit, pending } = useSaveDetails(course, EDIT);
  return (
    <FormPage title={t('form.editTitle')} maxWidth={1040}>
      <CourseForm
        course={course}
        submitting={pending}
        cancelTo={`/admin/view-course/${course.id}`}
        onSubmit={submit}
      />
    </FormPage>
  );
}

/** `/admin/edit-course/:id` (edit_6): the main details of an existing course. */
export function EditCoursePage() {
  return <CourseLoader changing>{(course) => <EditScreen key={course.id} course={course} />}</CourseLoader>;
}
