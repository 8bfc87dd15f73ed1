import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type Course,
  CourseSessionsInput,
  isMessageCode,
  type MessageCode,
  normalizeDigits,
  TRAINING_TYPES,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { BilingualFields } from '../../../components/form/bilingual-fields.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { SessionBody } from '../api.ts';
import { WizardActions } from './wizard-page.tsx';

interface SessionRow extends SessionBody {
  key: string;
}
interface SessionsValues {
  sessions: SessionRow[];
}

const emptyRow = (): SessionRow => ({
  key: randomId(),
  titleEn: '',
  titleAr: '',
  durationMinutes: '',
  trainingType: 'in_person',
});

function rowsOf(course: Course): SessionRow[] {
  if (course.sessions.length === 0) return [emptyRow()];
  return course.sessions.map((session) => ({
    key: randomId(),
    titleEn: session.titleEn,
    titleAr: session.titleAr,
    durationMinutes: String(session.durationMinutes),
    trainingType: session.trainingType,
  }));
}

const bodyOf = (values: SessionsValues): SessionBody[] => values.sessions.map(({ key: _key, ...row }) => row);

/** The shared rules' first message code per field path (`sessions.0.titleEn`, or `sessions` for the list). */
export function validateSessions(values: SessionsValues): Record<string, MessageCode> {
  const parsed = CourseSessionsInput.safeParse({ sessions: bodyOf(values) });
  if (parsed.success) return {};
  const errors: Record<string, MessageCode> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  return errors;
}

interface SessionsFormProps {
  course: Course;
  submitting: boolean;
  submitLabel: string;
  onBack: () => void;
  onSubmit: (sessions: SessionBody[]) => Promise<unknown>;
}

/** Step 2 "Sessions": the course's sessions in order, saved as one list. */
export function SessionsForm({ course, submitting, submitLabel, onBack, onSubmit }: SessionsFormProps) {
  const { t } = useTranslation('courses');
  const { language } = useLanguage();
  const { message } = useMessages();
  const form = useForm<SessionsValues>({
    mode: 'controlled',
    initialValues: { sessions: rowsOf(course) },
    validate: validateSessions,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const rows = form.values.sessions;
  const totalMinutes = rows.reduce(
    (sum, row) => sum + (Number(normalizeDigits(row.durationMinutes)) || 0),
    0,
  );
  const listError = form.errors.sessions;

  const { field, submit } = useFormSubmit(form, bodyOf, onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {rows.length === 0 && <Text c="gray.7">{t('sessions.empty')}</Text>}
        {rows.map((row, index) => {
          const number = formatNumber(index + 1, language);
          return (
            <Fieldset key={row.key} legend={t('sessions.legend', { number })}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <BilingualFields
                  required
                  en={{ label: t('sessions.titleEn'), ...field(`sessions.${index}.titleEn`) }}
                  ar={{ label: t('sessions.titleAr'), ...field(`sessions.${index}.titleAr`) }}
                />
                <TextInput
                  label={t('sessions.duration')}
                  required
                  inputMode="numeric"
                  {...field(`sessions.${index}.durationMinutes`)}
                />
                <Select
                  label={t('sessions.trainingType')}
                  required
                  allowDeselect={false}
                  data={TRAINING_TYPES.map((type) => ({ value: type, label: t(`trainingTypes.${type}`) }))}
                  {...field(`sessions.${index}.trainingType`)}
                />
              </SimpleGrid>
              <Group justify="flex-end" gap="xs" mt="sm">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('sessions.moveUp', { number })}
                  disabled={index === 0}
                  onClick={() => form.reorderListItem('sessions', { from: index, to: index - 1 })}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('sessions.moveDown', { number })}
                  disabled={index === rows.length - 1}
                  onClick={() => form.reorderListItem('sessions', { from: index, to: index + 1 })}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  size="lg"
                  aria-label={t('sessions.remove', { number })}
                  onClick={() => form.removeListItem('sessions', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Fieldset>
          );
        })}
        {typeof listError === 'string' && isMessageCode(listError) && (
          <Alert color="red" role="alert">
            {message(listError)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => form.insertListItem('sessions', emptyRow())}
          >
            {t('sessions.add')}
          </Button>
          <Text c="gray.7" aria-live="polite">
            {t('sessions.total', { minutes: formatNumber(totalMinutes, language) })}
          </Text>
        </Group>
        <WizardActions onBack={onBack} submitting={submitting} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}
