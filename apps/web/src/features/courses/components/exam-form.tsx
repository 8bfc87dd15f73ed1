import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Course, CourseExamInput, EXAM_LIMITS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { ExamBody } from '../api.ts';
import { WizardActions } from './wizard-page.tsx';

const FIELDS = ['questionCount', 'fullMarks', 'passingMarks', 'failedMarks', 'durationMinutes'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  questionCount: 'exam.questionCount',
  fullMarks: 'exam.fullMarks',
  passingMarks: 'exam.passingMarks',
  failedMarks: 'exam.failedMarks',
  durationMinutes: 'exam.duration',
};

function valuesOf(course: Course): ExamBody {
  const exam = course.exam;
  return {
    questionCount: exam ? String(exam.questionCount) : '',
    fullMarks: exam ? String(exam.fullMarks) : '',
    passingMarks: exam ? String(exam.passingMarks) : '',
    failedMarks: exam ? String(exam.failedMarks) : '',
    durationMinutes: exam ? String(exam.durationMinutes) : '',
  };
}

/** The shared exam rules' first message code per field (spec §5: passing below full marks, all five given). */
export function validateExam(values: ExamBody) {
  return firstIssueCodes(CourseExamInput, values, values);
}

interface ExamFormProps {
  course: Course;
  submitting: boolean;
  submitLabel: string;
  onBack: () => void;
  onSubmit: (exam: ExamBody) => Promise<unknown>;
}

/** The exam settings of a course (add-new-course/exam/{id}). */
export function ExamForm({ course, submitting, submitLabel, onBack, onSubmit }: ExamFormProps) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const rangeOf = (name: (typeof FIELDS)[number]) =>
    t('exam.range', {
      min: formatNumber(EXAM_LIMITS[name].min, language),
      max: formatNumber(EXAM_LIMITS[name].max, language),
    });
  const form = useForm<ExamBody>({
    mode: 'controlled',
    initialValues: valuesOf(course),
    validate: validateExam,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const { field, submit } = useFormSubmit(form, (values) => values, onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="gray.7">{t('exam.rule')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          {FIELDS.map((name) => (
            <TextInput
              key={name}
              label={t(LABELS[name])}
              description={rangeOf(name)}
              required
              inputMode="numeric"
              {...field(name)}
            />
          ))}
        </SimpleGrid>
        <WizardActions onBack={onBack} submitting={submitting} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
