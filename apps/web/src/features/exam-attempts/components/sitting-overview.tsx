import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AttemptView } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

/**
 * The overview of every question (answered or not; none past the first unanswered one to go to),
 * the submit button and its confirmation, which says how many are unanswered.
 */
export function SittingOverview({
  questions,
  answers,
  position,
  reachable,
  unanswered,
  confirming,
  submitting,
  onGo,
  onAskSubmit,
  onKeepGoing,
  onSubmit,
}: {
  questions: AttemptView['questions'];
  answers: Record<string, number>;
  position: number;
  reachable: (index: number) => boolean;
  unanswered: number;
  confirming: boolean;
  submitting: boolean;
  onGo: (index: number) => void;
  onAskSubmit: () => void;
  onKeepGoing: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('exam-attempts');
  const { language } = useLanguage();
  return (
    <>
      <Paper withBorder p="md" component="nav" aria-label={t('sitting.overview')}>
        <Stack gap="sm">
          <Text fz="lg" fw={600}>
            {t('sitting.overview')}
          </Text>
          <SimpleGrid cols={{ base: 5, sm: 10 }} spacing="xs">
            {questions.map((q, index) => {
              const answered = answers[String(q.id)] !== undefined;
              return (
                <UnstyledButton
                  key={q.id}
                  onClick={() => onGo(index)}
                  disabled={!reachable(index)}
                  aria-current={index === position ? 'step' : undefined}
                  aria-label={t(answered ? 'sitting.goAnswered' : 'sitting.goUnanswered', {
                    number: formatNumber(index + 1, language),
                  })}
                  style={{
                    minHeight: 48,
                    borderRadius: 8,
                    textAlign: 'center',
                    fontSize: 20,
                    fontWeight: 600,
                    border:
                      index === position
                        ? '3px solid var(--mantine-color-blue-8)'
                        : '1px solid var(--mantine-color-gray-5)',
                    background: answered ? 'var(--mantine-color-green-1)' : undefined,
                    opacity: reachable(index) ? 1 : 0.45,
                  }}
                >
                  {formatNumber(index + 1, language)}
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          <Button size="lg" variant="outline" onClick={onAskSubmit}>
            {t('sitting.submit')}
          </Button>
        </Stack>
      </Paper>
      <Modal opened={confirming} onClose={onKeepGoing} title={t('sitting.confirmTitle')} centered>
        <Stack gap="md">
          <Text fz="lg">
            {unanswered === 0
              ? t('sitting.confirmAllAnswered')
              : t('sitting.confirmUnanswered', { count: unanswered })}
          </Text>
          <Group justify="flex-end">
            <Button size="lg" variant="default" onClick={onKeepGoing}>
              {t('sitting.keepGoing')}
            </Button>
            <Button size="lg" loading={submitting} onClick={onSubmit}>
              {t('sitting.confirmSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
