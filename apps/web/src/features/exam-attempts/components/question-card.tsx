import { Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { AttemptView } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AudioButton, QuestionImage } from './media.tsx';

type Question = AttemptView['questions'][number];

/** One question in the exam language's script and direction, its answers to choose from, with their media. */
export function QuestionCard({
  view,
  question,
  chosen,
  needAnswer,
  onChoose,
}: {
  view: AttemptView;
  question: Question;
  chosen: number | undefined;
  needAnswer: boolean;
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation('exam-attempts');
  const { message } = useMessages();
  const { language } = useLanguage();
  return (
    <Paper withBorder p="lg" lang={view.language} dir={view.direction} data-testid="exam-question">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Radio.Group
          style={{ flex: 1 }}
          label={question.text}
          labelProps={{ style: { fontSize: 26, fontWeight: 600, lineHeight: 1.5, marginBottom: 12 } }}
          value={chosen === undefined ? null : String(chosen)}
          onChange={onChoose}
          error={needAnswer ? message('ANSWER_REQUIRED') : undefined}
          errorProps={{ fz: 'lg', role: 'alert' }}
        >
          {question.imageUrl && <QuestionImage url={question.imageUrl} />}
          <Stack gap="sm" mt="xs">
            {question.answers.map((answer, index) => (
              <Group key={answer.id} wrap="nowrap" gap="sm">
                <Paper withBorder p="md" style={{ flex: 1 }}>
                  <Radio value={String(answer.id)} size="lg" label={<Text fz={22}>{answer.text}</Text>} />
                </Paper>
                {answer.audioUrl && (
                  <AudioButton
                    url={answer.audioUrl}
                    label={t('sitting.listenAnswer', { number: formatNumber(index + 1, language) })}
                  />
                )}
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {question.audioUrl && <AudioButton url={question.audioUrl} label={t('sitting.listenQuestion')} />}
      </Group>
    </Paper>
  );
}
