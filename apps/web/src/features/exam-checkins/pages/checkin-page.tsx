import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CheckinView } from '@tasreeh/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../components/notify.ts';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { centreDateTimeFormat, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { type FingerprintReader, fingerprintReader, keyOf } from '../../fingerprints/reader.ts';
import { checkinQuery, useFingerprintCheckMutation, useIdNumberMutation, usePhotoMutation } from '../api.ts';
import { CameraCapture } from '../components/camera-capture.tsx';
import { currentStep, nextRemotePhoto, stepsOf, stepTitleKey } from '../steps.ts';

function ServerError({ error }: { error: unknown }) {
  const { errorMessage } = useMessages();
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

function IdNumberStep({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation('exam-checkins');
  const [idNumber, setIdNumber] = useState('');
  const check = useIdNumberMutation(bookingId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (idNumber.trim()) check.mutate(idNumber, { onSuccess: (answer) => notifySuccess(answer.message) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <TextInput
          label={t('idNumber.label')}
          description={t('idNumber.hint')}
          value={idNumber}
          onChange={(event) => setIdNumber(event.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={40}
        />
        <ServerError error={check.error} />
        <Group>
          <Button type="submit" loading={check.isPending} disabled={!idNumber.trim()}>
            {t('idNumber.check')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PhotoStep({ bookingId, view }: { bookingId: string; view: CheckinView }) {
  const { t } = useTranslation('exam-checkins');
  const upload = usePhotoMutation(bookingId);
  const kind = view.photos.includes('live') ? nextRemotePhoto(view) : 'live';
  if (!kind) return null;
  return (
    <Stack gap="sm">
      {kind !== 'live' ? (
        <Text size="sm">
          {t('photos.remoteIntro', {
            done: view.requiredPhotos.filter((k) => k !== 'live' && view.photos.includes(k)).length,
            total: view.requiredPhotos.length - 1,
          })}
        </Text>
      ) : null}
      <CameraCapture
        key={kind}
        label={t(`photos.kinds.${keyOf(kind)}`)}
        facing={kind === 'live' ? 'user' : 'environment'}
        busy={upload.isPending}
        onUse={(photo) =>
          upload.mutate({ kind, photo }, { onSuccess: (answer) => notifySuccess(answer.message) })
        }
      />
      <ServerError error={upload.error} />
    </Stack>
  );
}

function FingerprintStep({
  bookingId,
  view,
  reader,
}: {
  bookingId: string;
  view: CheckinView;
  reader: FingerprintReader;
}) {
  const { t } = useTranslation('exam-checkins');
  const { t: tf } = useTranslation('fingerprints');
  const check = useFingerprintCheckMutation(bookingId);
  const [reading, setReading] = useState(false);
  const [readerFailed, setReaderFailed] = useState(false);
  const finger = view.finger;
  const scan = async () => {
    if (!finger) return;
    setReaderFailed(false);
    setReading(true);
    try {
      const sample = await reader.capture(finger);
      check.mutate(sample, { onSuccess: (answer) => notifySuccess(answer.message) });
    } catch {
      setReaderFailed(true);
    } finally {
      setReading(false);
    }
  };
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        {t('fingerprint.place', { finger: finger ? tf(`fingersInSentence.${keyOf(finger)}`) : '' })}
      </Text>
      {reader.kind === 'development' ? (
        <Text size="sm" c="dimmed">
          {tf('developmentReaderText')}
        </Text>
      ) : null}
      {readerFailed ? (
        <Alert color="red" role="alert">
          {tf('captureFailed')}
        </Alert>
      ) : null}
      <ServerError error={check.error} />
      <Button onClick={() => void scan()} loading={reading || check.isPending}>
        {t('fingerprint.scan')}
      </Button>
    </Stack>
  );
}

function StepList({ view }: { view: CheckinView }) {
  const { t } = useTranslation('exam-checkins');
  const current = currentStep(view);
  return (
    <List type="ordered" spacing="xs" aria-label={t('stepsLabel')}>
      {stepsOf(view).map(({ step, done }) => (
        <List.Item key={step} aria-current={step === current ? 'step' : undefined}>
          <Group gap="xs">
            <Text fw={step === current ? 700 : 400}>{t(`steps.${stepTitleKey(step, view)}`)}</Text>
            <StatusBadge tone={done ? 'positive' : 'neutral'}>{done ? t('done') : t('toDo')}</StatusBadge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

function Checkin({
  view,
  bookingId,
  reader,
}: {
  view: CheckinView;
  bookingId: string;
  reader: FingerprintReader;
}) {
  const { t } = useTranslation('exam-checkins');
  const { language } = useLanguage();
  const navigate = useNavigate();
  // The centre's time (decision 0012), whatever the device's zone.
  const when = centreDateTimeFormat(language);
  const step = currentStep(view);
  return (
    <Stack gap="md">
      <Text>
        <bdi>{nameIn({ nameEn: view.courseNameEn, nameAr: view.courseNameAr }, language)}</bdi> ·{' '}
        {when.format(new Date(view.startsAt))}
      </Text>
      {view.phase !== 'open' ? (
        <Alert color={view.phase === 'finished' ? 'gray' : 'blue'} role="status" title={view.message ?? ''}>
          {view.phase === 'not-started' ? t('opensAt', { time: when.format(new Date(view.opensAt)) }) : null}
        </Alert>
      ) : (
        <>
          <StepList view={view} />
          <Paper withBorder p="md">
            {step === 'ready' ? (
              <Stack gap="sm" align="flex-start">
                <Text fw={600}>{view.admitted ? t('admitted') : t('ready')}</Text>
                <Button size="md" onClick={() => navigate(`/student/exam/session/${bookingId}`)}>
                  {t('start')}
                </Button>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t(`steps.${stepTitleKey(step, view)}`)}
                </Title>
                {step === 'id-number' ? <IdNumberStep bookingId={bookingId} /> : null}
                {step === 'live-photo' || step === 'remote-photos' ? (
                  <PhotoStep bookingId={bookingId} view={view} />
                ) : null}
                {step === 'fingerprint' ? (
                  <FingerprintStep bookingId={bookingId} view={view} reader={reader} />
                ) : null}
              </Stack>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

/**
 * `/student/exam/check-out/:id` (id: the booking): check-in before the exam — the ID number, a
 * live photo from the camera, for Remote the ID and the room from four sides, the fingerprint
 * where one is enrolled — then "Start the exam". The server decides what is needed and when.
 */
export function CheckinPage({ reader: given }: { reader?: FingerprintReader } = {}) {
  const { id = '' } = useParams();
  const { t } = useTranslation('exam-checkins');
  const reader = useMemo(() => given ?? fingerprintReader(), [given]);
  const query = useQuery(checkinQuery(id));
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('title')}</Title>
      <QueryView query={query} notFoundText={t('notFound')}>
        {(view) => <Checkin view={view} bookingId={id} reader={reader} />}
      </QueryView>
    </Stack>
  );
}
