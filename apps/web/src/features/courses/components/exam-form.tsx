import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Course, CourseExamInput, isMessageCode, type MessageCode } from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { ExamBody } from '../api.ts';

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
export function validateExam(values: ExamBody): Partial<Record<keyof ExamBody, MessageCode>> {
  const parsed = CourseExamInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof ExamBody, MessageCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof ExamBody;
    if (!FIELDS.includes(field) || errors[field]) continue;
    errors[field] = isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
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
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<ExamBody>({
    mode: 'controlled',
    initialValues: valuesOf(course),
    validate: validateExam,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const focusFirst = (errors: Record<string, unknown>) => {
    const first = FIELDS.find((name) => errors[name]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        form.setErrors(error.fields);
        focusFirst(error.fields);
      }
    } finally {
      sending.current = false;
    }
  }, focusFirst);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text c="gray.7">{t('exam.rule')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
          {FIELDS.map((name) => {
            const code = form.errors[name];
            return (
              <TextInput
                key={name}
                label={t(LABELS[name])}
                required
                inputMode="numeric"
                {...form.getInputProps(name)}
                error={typeof code === 'string' && isMessageCode(code) ? message(code) : undefined}
              />
            );
          })}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            {t('wizard.back')}
          </Button>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
