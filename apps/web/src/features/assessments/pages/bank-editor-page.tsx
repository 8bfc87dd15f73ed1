import { Badge, Button, Group, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArchive, IconCheck, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type Bank,
  type BankQuestion,
  directionOfLanguage,
  TRAINING_LANGUAGES,
  type TrainingLanguage,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { EmptyState } from '../../../components/page-states.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { bankQuery, useRetireQuestionMutation } from '../api.ts';
import { ImportPanel } from '../components/import-panel.tsx';
import { NATIVE_NAMES } from '../components/language-names.ts';
import { PlayButton, QuestionImage } from '../components/media.tsx';
import { QuestionDialog } from '../components/question-form.tsx';

function QuestionCard({
  bank,
  question,
  number,
  canEdit,
  onEdit,
  onRetire,
}: {
  bank: Bank;
  question: BankQuestion;
  number: number;
  canEdit: boolean;
  onEdit(): void;
  onRetire(): void;
}) {
  const { t } = useTranslation('assessments');
  const { language: ui } = useLanguage();
  const dir = bank.direction;
  return (
    <Paper
      withBorder
      p="md"
      component="li"
      aria-label={t('editor.questionNumber', { number: formatNumber(number, ui) })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="xs" align="flex-start" wrap="nowrap" style={{ flex: 1 }}>
            <Text fw={700}>{formatNumber(number, ui)}.</Text>
            <Text lang={bank.language} dir={dir} fw={500} style={{ flex: 1 }} data-user-data>
              {question.text}
            </Text>
            {question.audioFileId && (
              <PlayButton
                examId={bank.examId}
                fileId={question.audioFileId}
                label={t('editor.questionAudio')}
              />
            )}
          </Group>
          <Group gap="xs">
            {question.retired && <StatusBadge tone="neutral">{t('editor.retired')}</StatusBadge>}
            {question.used && <StatusBadge tone="warning">{t('editor.used')}</StatusBadge>}
            {question.linkedLanguages.map((language) => (
              <Badge key={language} color="#495057" variant="filled" tt="none" lang={language}>
                {NATIVE_NAMES[language]}
              </Badge>
            ))}
          </Group>
        </Group>
        {question.imageFileId && (
          <QuestionImage examId={bank.examId} fileId={question.imageFileId} alt={t('editor.image')} />
        )}
        <Stack component="ol" gap={4} m={0} ps="xl">
          {question.answers.map((answer) => (
            <Group component="li" key={answer.id} gap="xs" wrap="nowrap">
              <Text lang={bank.language} dir={dir} fw={answer.correct ? 700 : 400} data-user-data>
                {answer.text}
              </Text>
              {answer.correct && (
                <StatusBadge tone="positive">
                  <IconCheck size={12} aria-hidden /> {t('editor.correct')}
                </StatusBadge>
              )}
              {answer.audioFileId && (
                <PlayButton examId={bank.examId} fileId={answer.audioFileId} label={answer.text} />
              )}
            </Group>
          ))}
        </Stack>
        {canEdit && !question.retired && (
          <Group gap="xs" justify="flex-end">
            {!question.used && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={onEdit}
              >
                {t('editor.edit')}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconArchive size={14} aria-hidden />}
              onClick={onRetire}
            >
              {t('editor.retire')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function BankView({ bank }: { bank: Bank }) {
  // What the assessments policy allows on this bank (staff by edit_7, an examiner of the course).
  const canEdit = bank.abilities.editQuestions;
  const { t } = useTranslation('assessments');
  const { language: ui } = useLanguage();
  const { errorMessage } = useMessages();
  const [editing, setEditing] = useState<BankQuestion | 'new' | null>(null);
  const [retiring, setRetiring] = useState<BankQuestion | null>(null);
  const retire = useRetireQuestionMutation();
  const active = bank.questions.filter((question) => !question.retired);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="gray.7">
          {t('editor.counts', {
            count: active.length,
            active: formatNumber(active.length, ui),
            retired: formatNumber(bank.questions.length - active.length, ui),
          })}
        </Text>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('editor.add')}
          </Button>
        )}
      </Group>
      <ImportPanel examId={bank.examId} language={bank.language} canEdit={canEdit} />
      {bank.questions.length === 0 ? (
        <EmptyState>{t('editor.none')}</EmptyState>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {bank.questions.map((question, index) => (
            <QuestionCard
              key={question.id}
              bank={bank}
              question={question}
              number={index + 1}
              canEdit={canEdit}
              onEdit={() => setEditing(question)}
              onRetire={() => setRetiring(question)}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <QuestionDialog
          key={editing === 'new' ? 'new' : editing.id}
          examId={bank.examId}
          language={bank.language}
          question={editing === 'new' ? undefined : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <Modal
        opened={retiring !== null}
        onClose={() => setRetiring(null)}
        title={t('editor.retireTitle')}
        closeButtonProps={{ 'aria-label': t('editor.keep') }}
      >
        <Stack gap="md">
          <Text>{t('editor.retireConfirm')}</Text>
          {retiring && (
            <Text lang={bank.language} dir={bank.direction} fw={500} data-user-data>
              {retiring.text}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRetiring(null)}>
              {t('editor.keep')}
            </Button>
            <Button
              color="red"
              loading={retire.isPending}
              onClick={() => {
                if (!retiring) return;
                retire.mutateAsync(retiring.id).then(
                  (saved) => {
                    notifySuccess(saved.message);
                    setRetiring(null);
                  },
                  (error: unknown) => notifyError(errorMessage(error)),
                );
              }}
            >
              {t('editor.retire')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function BankTab({ examId, language }: { examId: string; language: TrainingLanguage }) {
  const { t } = useTranslation('assessments');
  const query = useQuery(bankQuery(examId, language));
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(bank) => <BankView bank={bank} />}
    </QueryView>
  );
}

function isTrainingLanguage(value: string | null): value is TrainingLanguage {
  return value !== null && (TRAINING_LANGUAGES as readonly string[]).includes(value);
}

/**
 * `add-exam/:id` (admin: read_7, edit_7 to change; examiner area: the courses of the exam sessions
 * given to them): the question banks of the exam's course, one tab per exam language.
 */
export function BankEditorPage() {
  const { t } = useTranslation('assessments');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('language');
  const language: TrainingLanguage = isTrainingLanguage(asked) ? asked : 'en';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('editor.title')}
      </Title>
      <Tabs
        value={language}
        onChange={(next) => {
          if (isTrainingLanguage(next)) setSearch({ language: next }, { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {TRAINING_LANGUAGES.map((code) => (
            <Tabs.Tab key={code} value={code} lang={code} dir={directionOfLanguage(code)}>
              {NATIVE_NAMES[code]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TRAINING_LANGUAGES.map((code) => (
          <Tabs.Panel key={code} value={code} pt="md">
            <BankTab examId={id} language={code} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
