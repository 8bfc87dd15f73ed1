import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  ANSWERS_MAX,
  ANSWERS_MIN,
  type BankQuestion,
  checkAnswers,
  directionOfLanguage,
  isMessageCode,
  type MessageCode,
  QuestionInput,
  TRAINING_LANGUAGES,
  type TrainingLanguage,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type AnswerBody, bankQuery, type QuestionBody, useSaveQuestionMutation } from '../api.ts';
import { NATIVE_NAMES } from './language-names.ts';
import { MediaField } from './media.tsx';

const blankAnswer = (): AnswerBody => ({ text: '', correct: false, audioFileId: null });

function initialOf(question: BankQuestion | undefined): QuestionBody {
  if (!question) {
    return {
      text: '',
      imageFileId: null,
      audioFileId: null,
      answers: [{ ...blankAnswer(), correct: true }, blankAnswer(), blankAnswer(), blankAnswer()],
    };
  }
  return {
    text: question.text,
    imageFileId: question.imageFileId,
    audioFileId: question.audioFileId,
    answers: question.answers.map(({ text, correct, audioFileId }) => ({ text, correct, audioFileId })),
  };
}

/** The §5 rules of a question, as the form's errors by path (the shared schema, as the API applies it). */
export function questionErrors(body: QuestionBody): Record<string, MessageCode> {
  const parsed = QuestionInput.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, MessageCode> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE';
  }
  const answersIssue = checkAnswers(body.answers);
  if (answersIssue) errors.answers ??= answersIssue;
  return errors;
}

/** Links a new question to the same question of another language of the course. */
function LinkChoice({
  examId,
  language,
  value,
  onChange,
}: {
  examId: number;
  language: TrainingLanguage;
  value: number | null;
  onChange(value: number | null): void;
}) {
  const { t } = useTranslation('assessments');
  const others = TRAINING_LANGUAGES.filter((other) => other !== language);
  const [from, setFrom] = useState<TrainingLanguage>(language === 'en' ? 'ar' : 'en');
  const bank = useQuery(bankQuery(String(examId), from));
  const options = (bank.data?.questions ?? [])
    .filter((question) => !question.retired && !question.linkedLanguages.includes(language))
    .map((question) => ({ value: String(question.id), label: question.text }));
  return (
    <Group grow align="flex-start">
      <Select
        label={t('editor.linkLanguage')}
        allowDeselect={false}
        data={others.map((other) => ({ value: other, label: NATIVE_NAMES[other] }))}
        value={from}
        onChange={(next) => {
          if (next) setFrom(next as TrainingLanguage);
          onChange(null);
        }}
      />
      <Select
        label={t('editor.linkTo')}
        description={t('editor.linkHint')}
        searchable
        clearable
        data={options}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next ? Number(next) : null)}
        dir={directionOfLanguage(from)}
        lang={from}
        nothingFoundMessage={t('editor.noLinkable')}
      />
    </Group>
  );
}

/** Adding or changing one question of a bank, in the bank's language and direction. */
export function QuestionDialog({
  examId,
  language,
  question,
  opened,
  onClose,
}: {
  examId: number;
  language: TrainingLanguage;
  question?: BankQuestion;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('assessments');
  const { t: common } = useTranslation('common');
  const { message, errorMessage } = useMessages();
  const [body, setBody] = useState<QuestionBody>(() => initialOf(question));
  const [linkTo, setLinkTo] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, MessageCode>>({});
  const save = useSaveQuestionMutation(examId, language, question?.id);
  const dir = directionOfLanguage(language);
  const errorText = (path: string) => (errors[path] ? message(errors[path]) : undefined);
  const setAnswer = (index: number, change: Partial<AnswerBody>) =>
    setBody((current) => ({
      ...current,
      answers: current.answers.map((answer, at) => (at === index ? { ...answer, ...change } : answer)),
    }));
  const correctIndex = body.answers.findIndex((answer) => answer.correct);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const sent = { ...body, ...(linkTo ? { linkTo } : {}) };
    const found = questionErrors(sent);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(sent);
      notifySuccess(saved.message);
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={question ? t('editor.editTitle') : t('editor.addTitle')}
      closeButtonProps={{ 'aria-label': common('form.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('editor.text', { language: NATIVE_NAMES[language] })}
            required
            rows={3}
            resize="vertical"
            lang={language}
            dir={dir}
            value={body.text}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setBody((current) => ({ ...current, text }));
            }}
            error={errorText('text')}
            data-autofocus
          />
          <Group gap="lg" align="flex-start">
            <MediaField
              examId={examId}
              kind="audio"
              label={t('editor.questionAudio')}
              value={body.audioFileId}
              onChange={(audioFileId) => setBody((current) => ({ ...current, audioFileId }))}
            />
            <MediaField
              examId={examId}
              kind="image"
              label={t('editor.image')}
              value={body.imageFileId}
              onChange={(imageFileId) => setBody((current) => ({ ...current, imageFileId }))}
            />
          </Group>
          <Fieldset legend={t('editor.answers')}>
            <Radio.Group
              value={correctIndex < 0 ? null : String(correctIndex)}
              onChange={(value) =>
                setBody((current) => ({
                  ...current,
                  answers: current.answers.map((answer, at) => ({
                    ...answer,
                    correct: String(at) === value,
                  })),
                }))
              }
              label={t('editor.correctLabel')}
              error={errorText('answers')}
            >
              <Stack gap="sm" mt="xs">
                {body.answers.map((answer, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id until saved; their place is who they are.
                  <Stack key={index} gap={4}>
                    <Group gap="sm" align="flex-start" wrap="nowrap">
                      <Radio
                        value={String(index)}
                        aria-label={t('editor.markCorrect', { number: index + 1 })}
                        mt={8}
                      />
                      <TextInput
                        style={{ flex: 1 }}
                        label={t('editor.answer', { number: index + 1 })}
                        required
                        lang={language}
                        dir={dir}
                        value={answer.text}
                        onChange={(event) => setAnswer(index, { text: event.currentTarget.value })}
                        error={errorText(`answers.${index}.text`)}
                      />
                      <ActionIcon
                        mt={28}
                        variant="subtle"
                        color="red"
                        disabled={body.answers.length <= ANSWERS_MIN}
                        onClick={() =>
                          setBody((current) => ({
                            ...current,
                            answers: current.answers.filter((_, at) => at !== index),
                          }))
                        }
                        aria-label={t('editor.removeAnswer', { number: index + 1 })}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                    <MediaField
                      examId={examId}
                      kind="audio"
                      label={t('editor.answerAudio', { number: index + 1 })}
                      value={answer.audioFileId}
                      onChange={(audioFileId) => setAnswer(index, { audioFileId })}
                    />
                  </Stack>
                ))}
              </Stack>
            </Radio.Group>
            <Button
              mt="sm"
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={body.answers.length >= ANSWERS_MAX}
              onClick={() =>
                setBody((current) => ({ ...current, answers: [...current.answers, blankAnswer()] }))
              }
            >
              {t('editor.addAnswer')}
            </Button>
          </Fieldset>
          {!question && (
            <LinkChoice examId={examId} language={language} value={linkTo} onChange={setLinkTo} />
          )}
          {errors.linkTo && (
            <Text c="red" size="sm" role="alert">
              {message(errors.linkTo)}
            </Text>
          )}
          <FormActions onCancel={onClose} submitting={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
