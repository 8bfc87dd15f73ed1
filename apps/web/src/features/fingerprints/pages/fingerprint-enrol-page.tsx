import { Alert, Button, Group, Modal, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FINGERS, type Finger } from '@tasreeh/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { formatCentreDateTime, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { studentQuery } from '../../students/api.ts';
import { fingerprintQuery, useEnrolFingerprintMutation, useRemoveFingerprintMutation } from '../api.ts';
import { CaptureProgress } from '../components/capture-progress.tsx';
import { useCaptures } from '../components/use-captures.ts';
import { type FingerprintReader, fingerprintReader, keyOf } from '../reader.ts';

const HANDS = [
  { hand: 'right', fingers: FINGERS.filter((finger) => finger.startsWith('right-')) },
  { hand: 'left', fingers: FINGERS.filter((finger) => finger.startsWith('left-')) },
] as const;

/** The ten fingers as one radio group, by hand: a clear list that works with a keyboard and a screen reader. */
function FingerChoice({
  value,
  onChange,
  disabled,
}: {
  value: Finger | null;
  onChange(finger: Finger): void;
  disabled: boolean;
}) {
  const { t } = useTranslation('fingerprints');
  return (
    <Radio.Group
      label={t('chooseFinger')}
      value={value ?? ''}
      onChange={(next) => onChange(next as Finger)}
      withAsterisk
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
        {HANDS.map(({ hand, fingers }) => (
          <Stack key={hand} gap={6} role="group" aria-label={t(`hands.${hand}`)}>
            <Text fw={600} size="sm">
              {t(`hands.${hand}`)}
            </Text>
            {fingers.map((finger) => (
              <Radio key={finger} value={finger} label={t(`fingers.${keyOf(finger)}`)} disabled={disabled} />
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * `/admin/students/biometricdata/:id` (read_3 to see, edit_3 to enrol): what is enrolled for the
 * student, and the enrolment — one finger of ten, four captures from the reader with progress,
 * saved on the server, which builds the template and replaces any earlier one.
 */
export function FingerprintEnrolPage({ reader: given }: { reader?: FingerprintReader } = {}) {
  const { id = '' } = useParams();
  const { t } = useTranslation('fingerprints');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const reader = useMemo(() => given ?? fingerprintReader(), [given]);
  const student = useQuery(studentQuery('admin', id));
  const status = useQuery(fingerprintQuery(id));
  const canEnrol = status.data?.abilities.enrol === true;
  const [finger, setFinger] = useState<Finger | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const run = useCaptures(reader);
  const enrol = useEnrolFingerprintMutation(id);
  const remove = useRemoveFingerprintMutation(id);
  const ready = run.captures.length === 4 && !run.running;

  const save = () => {
    if (!finger || !ready) return;
    enrol.mutate(
      { finger, captures: run.captures },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          run.reset();
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('title')}</Title>
      <QueryView query={student}>
        {(profile) => (
          <Text>
            <bdi data-user-data>{nameIn(profile, language)}</bdi> ·{' '}
            <bdi data-user-data>{profile.idNumber}</bdi>
          </Text>
        )}
      </QueryView>
      <QueryView query={status}>
        {(current) => (
          <Paper withBorder p="md">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('current')}
              </Title>
              {current.enrolled && current.finger ? (
                <Text data-testid="enrolled-finger">
                  {t('enrolledText', {
                    finger: t(`fingers.${keyOf(current.finger)}`),
                    when: current.enrolledAt ? formatCentreDateTime(current.enrolledAt, language) : '',
                    who: current.enrolledByName ?? '',
                  })}
                </Text>
              ) : (
                <Text data-testid="enrolled-finger">{t('notEnrolled')}</Text>
              )}
              {current.abilities.remove ? (
                <Group>
                  <Button variant="outline" color="red" onClick={() => setConfirmRemove(true)}>
                    {t('remove')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        )}
      </QueryView>

      {canEnrol ? (
        <Paper withBorder p="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('enrol')}
            </Title>
            {reader.kind === 'development' ? (
              // The title in the text's colour: the light alert's yellow.9 on its yellow is below
              // WCAG AA contrast (axe, e2e exam-checkin); the yellow box still says "take care".
              <Alert
                color="yellow"
                title={t('developmentReader')}
                styles={{ title: { color: 'var(--mantine-color-text)' } }}
              >
                {t('developmentReaderText')}
              </Alert>
            ) : null}
            <FingerChoice
              value={finger}
              onChange={(next) => {
                setFinger(next);
                run.reset();
              }}
              disabled={run.running || enrol.isPending}
            />
            <CaptureProgress taken={run.captures.length} />
            {run.running ? (
              <Text aria-live="polite">
                {t('placeFinger', { finger: finger ? t(`fingersInSentence.${keyOf(finger)}`) : '' })}
              </Text>
            ) : null}
            {run.failed ? (
              <Alert color="red" role="alert">
                {t('captureFailed')}
              </Alert>
            ) : null}
            <Group>
              <Button
                variant={ready ? 'default' : 'filled'}
                disabled={!finger || run.running || enrol.isPending}
                loading={run.running}
                onClick={() => finger && void run.start(finger)}
              >
                {run.captures.length > 0 ? t('captureAgain') : t('capture')}
              </Button>
              <Button disabled={!ready || !finger} loading={enrol.isPending} onClick={save}>
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      <Modal opened={confirmRemove} onClose={() => setConfirmRemove(false)} title={t('removeTitle')} centered>
        <Stack>
          <Text>{t('removeText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRemove(false)}>
              {t('keep')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (answer) => {
                    notifySuccess(answer.message);
                    setConfirmRemove(false);
                  },
                  onError: (error) => notifyError(errorMessage(error)),
                })
              }
            >
              {t('remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
