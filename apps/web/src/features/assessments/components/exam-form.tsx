import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EXAM_LIMITS, EXAM_REVIEW_MODES, EXAM_STATUSES, type Exam, ExamInput } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../components/form/bilingual-fields.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { firstIssueCodes, withoutBlanks } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { ExamBody } from '../api.ts';
import { CourseSelect } from './course-choice.tsx';

export interface ExamFormValues {
  courseId: string;
  titleEn: string;
  titleAr: string;
  questionCount: string;
  fullMarks: string;
  passingMarks: string;
  failedMarks: string;
  durationMinutes: string;
  practicalMarks: string;
  review: string;
  status: string;
}

const NUMBERS = ['questionCount', 'fullMarks', 'passingMarks', 'failedMarks', 'durationMinutes'] as const;

const EMPTY: ExamFormValues = {
  courseId: '',
  titleEn: '',
  titleAr: '',
  questionCount: '',
  fullMarks: '',
  passingMarks: '',
  failedMarks: '',
  durationMinutes: '',
  practicalMarks: '',
  review: 'score',
  status: 'inactive',
};

export function valuesOf(exam: Exam | undefined): ExamFormValues {
  if (!exam) return EMPTY;
  return {
    courseId: String(exam.courseId),
    titleEn: exam.titleEn,
    titleAr: exam.titleAr,
    questionCount: String(exam.questionCount),
    fullMarks: String(exam.fullMarks),
    passingMarks: String(exam.passingMarks),
    failedMarks: String(exam.failedMarks),
    durationMinutes: String(exam.durationMinutes),
    practicalMarks: exam.practicalMarks === null ? '' : String(exam.practicalMarks),
    review: exam.review,
    status: exam.status,
  };
}

/** The body the API takes: blanks left out (a missing number is the API's "required" too). */
export function bodyOf(values: ExamFormValues): ExamBody {
  return withoutBlanks(values);
}

/** The shared ExamInput rules (spec §5) as the form's first message code per field. */
export function validateExam(values: ExamFormValues) {
  const body: Record<string, string> = bodyOf(values);
  // A number left blank is "required" (the API's words for it), not a missing key.
  for (const name of NUMBERS) body[name] ??= '';
  return firstIssueCodes(ExamInput, body, EMPTY);
}

/** add-assessment and edit-assessment: the exam of a course, checked by the shared rules before sending. */
export function ExamForm({
  exam,
  submitting,
  cancelTo,
  onSubmit,
}: {
  exam?: Exam;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: ExamBody) => Promise<unknown>;
}) {
  const { t } = useTranslation('assessments');
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const form = useForm<ExamFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(exam),
    validate: validateExam,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field, errorOf, submit } = useFormSubmit(form, bodyOf, onSubmit);
  const rangeOf = (name: (typeof NUMBERS)[number]) =>
    t('form.range', {
      min: formatNumber(EXAM_LIMITS[name].min, language),
      max: formatNumber(EXAM_LIMITS[name].max, language),
    });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.exam')}>
          <Stack gap="md">
            <CourseSelect
              label={t('form.course')}
              value={form.values.courseId}
              onChange={(value) => form.setFieldValue('courseId', value)}
              error={errorOf('courseId')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <BilingualFields
                required
                en={{ label: t('form.titleEn'), ...field('titleEn') }}
                ar={{ label: t('form.titleAr'), ...field('titleAr') }}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('form.marks')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {NUMBERS.map((name) => (
              <TextInput
                key={name}
                label={t(`form.${name}`)}
                description={rangeOf(name)}
                required
                inputMode="numeric"
                {...field(name)}
              />
            ))}
            <TextInput
              label={t('form.practicalMarks')}
              description={t('form.practicalHint')}
              inputMode="numeric"
              {...field('practicalMarks')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.settings')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('form.review')}
              required
              allowDeselect={false}
              data={EXAM_REVIEW_MODES.map((mode) => ({ value: mode, label: t(`review.${mode}`) }))}
              {...field('review')}
            />
            <Select
              label={t('form.status')}
              description={t('form.statusHint')}
              required
              allowDeselect={false}
              data={EXAM_STATUSES.map((status) => ({ value: status, label: common(`statuses.${status}`) }))}
              {...field('status')}
            />
          </SimpleGrid>
        </Fieldset>
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
