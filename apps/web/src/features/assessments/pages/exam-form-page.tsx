import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/form/form-page.tsx';
import { useSaveThen } from '../../../components/form/use-save-then.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { examQuery, useSaveExamMutation } from '../api.ts';
import { ExamForm } from '../components/exam-form.tsx';

/** `/admin/add-assessment` (create_7): a new exam; a draft (inactive) until its banks hold its questions. */
export function AddExamPage() {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const save = useSaveExamMutation(undefined);
  const submit = useSaveThen(save.mutateAsync, (saved) => navigate(`/admin/view-assessment/${saved.id}`));
  return (
    <FormPage title={t('form.addTitle')}>
      <ExamForm submitting={save.isPending} cancelTo="/admin/assessment-management" onSubmit={submit} />
    </FormPage>
  );
}

/** `/admin/edit-assessment/:id` (edit_6): every setting of an exam, checked again against its banks. */
export function EditExamPage() {
  const { t } = useTranslation('assessments');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery(examQuery(id));
  const save = useSaveExamMutation(Number(id));
  const submit = useSaveThen(save.mutateAsync, () => navigate(`/admin/view-assessment/${id}`));
  return (
    <FormPage title={t('form.editTitle')}>
      <QueryView query={query} notFoundText={t('notFound')}>
        {(exam) => (
          <ExamForm
            key={exam.updatedAt}
            exam={exam}
            submitting={save.isPending}
            cancelTo={`/admin/view-assessment/${id}`}
            onSubmit={submit}
          />
        )}
      </QueryView>
    </FormPage>
  );
}
