import { Button, Group, NumberInput, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EXTRA_MINUTES_PER_GRANT, type Language, type LiveCandidate } from '@tasreeh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatCentreDateTime, formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { formatCountdown } from '../../exam-attempts/exam-clock.ts';
import { liveSessionQuery, useProctorWrite } from '../api.ts';

type ReasonAction = 'admit' | 'extra-time' | 'stop' | 'restart';

/** The locale key of an action's dialog. */
const dialogKey = (action: ReasonAction) => (action === 'extra-time' ? 'extraTime' : action);

/** The whole minutes an attempt was given, for a plural text: the count picks the form, the number is shown in the language's digits. */
const extraMinutesOf = (extraSeconds: number, language: Language) => {
  const count = Math.round(extraSeconds / 60);
  return { count, minutes: formatNumber(count, language) };
};

interface Pending {
  action: ReasonAction;
  candidate: LiveCandidate;
  minutes?: number;
}

/** Seconds left now, counted down from the last poll's answer. */
function useSecondsSince(fetchedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - fetchedAt) / 1000));
}

function CheckinState({ candidate }: { candidate: LiveCandidate }) {
  const { t } = useTranslation('exam-checkins');
  const { checkin } = candidate;
  if (checkin.admitted) return <StatusBadge tone="positive">{t('live.checkin.admitted')}</StatusBadge>;
  if (checkin.complete) return <StatusBadge tone="positive">{t('live.checkin.complete')}</StatusBadge>;
  const missing = [
    !checkin.idNumberChecked && t('live.checkin.idNumber'),
    checkin.photos.length === 0 && t('live.checkin.photo'),
    checkin.fingerprintEnrolled && !checkin.fingerprintChecked && t('live.checkin.fingerprint'),
  ].filter(Boolean);
  return (
    <Stack gap={2}>
      <StatusBadge tone="warning">{t('live.checkin.incomplete')}</StatusBadge>
      {missing.length > 0 && (
        <Text size="sm">{t('live.checkin.missing', { items: missing.join(', ') })}</Text>
      )}
    </Stack>
  );
}

function PracticalScore({ onSave, pending }: { onSave: (score: number) => void; pending: boolean }) {
  const { t } = useTranslation('exam-checkins');
  const { message } = useMessages();
  const [score, setScore] = useState<string | number>('');
  const [error, setError] = useState<string>();
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label={t('live.actions.practicalScore')}
        min={0}
        max={1000}
        decimalScale={2}
        value={score}
        onChange={(value) => {
          setScore(value);
          setError(undefined);
        }}
        error={error}
        w={150}
      />
      <Button
        loading={pending}
        onClick={() => {
          if (score === '' || typeof score !== 'number') {
            setError(message('SCORE_REQUIRED'));
            return;
          }
          onSave(score);
        }}
      >
        {t('live.actions.saveScore')}
      </Button>
    </Group>
  );
}

/** Minutes the extra-time box offers first. */
const DEFAULT_EXTRA_MINUTES = 10;

/**
 * The extra time an attempt may still be given (the server's cap less its grants), and a box for
 * the minutes that takes no more than that; nothing to give, it says so instead.
 */
function ExtraTime({ grantable, onGive }: { grantable: number; onGive: (minutes: number) => void }) {
  const { t } = useTranslation('exam-checkins');
  const { language } = useLanguage();
  const most = Math.min(EXTRA_MINUTES_PER_GRANT, grantable);
  const [minutes, setMinutes] = useState<string | number>(() => Math.min(DEFAULT_EXTRA_MINUTES, most));
  if (most < 1) return <Text size="sm">{t('live.extraUsedUp')}</Text>;
  const valid = typeof minutes === 'number' && minutes >= 1 && minutes <= most;
  return (
    <Stack gap={2}>
      <Group gap={4} align="flex-end">
        <NumberInput
          label={t('live.actions.minutes')}
          min={1}
          max={most}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={minutes}
          onChange={setMinutes}
          w={110}
        />
        <Button variant="light" disabled={!valid} onClick={() => valid && onGive(minutes)}>
          {t('live.actions.extraTime')}
        </Button>
      </Group>
      <Text size="sm" c="gray.7">
        {t('live.extraGrantable', { count: grantable, minutes: formatNumber(grantable, language) })}
      </Text>
    </Stack>
  );
}

function CandidateCard({
  candidate,
  elapsed,
  onReason,
  onAttendance,
  onScore,
  pending,
}: {
  candidate: LiveCandidate;
  elapsed: number;
  onReason: (pending: Pending) => void;
  onAttendance: (status: 'Attended' | 'Absent') => void;
  onScore: (score: number) => void;
  pending: boolean;
}) {
  const { t } = useTranslation('exam-checkins');
  const { language } = useLanguage();
  const { attempt } = candidate;
  const running = attempt?.status === 'in_progress';
  const left = attempt ? Math.max(0, attempt.secondsLeft - (running ? elapsed : 0)) : 0;
  const name = nameIn(candidate, language);
  return (
    <Paper withBorder p="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4" data-user-data>
            {name}
          </Title>
          <StatusBadge tone="neutral">
            {t(`live.bookingStatus.${candidate.bookingStatus.replace(/\s/g, '')}`, candidate.bookingStatus)}
          </StatusBadge>
        </Group>
        <CheckinState candidate={candidate} />
        {attempt ? (
          <Stack gap={4}>
            <Text>
              {t('live.progress', {
                answered: formatNumber(attempt.answered, language),
                total: formatNumber(attempt.total, language),
              })}
            </Text>
            <Progress
              value={attempt.total > 0 ? (attempt.answered / attempt.total) * 100 : 0}
              aria-label={t('live.progressLabel', { name })}
            />
            {running ? (
              <Text fw={600}>
                {t('live.timeLeft')}{' '}
                <bdi dir="ltr" data-testid={`live-time-left-${candidate.bookingId}`}>
                  {formatCountdown(left)}
                </bdi>
                {attempt.extraSeconds > 0 &&
                  ` (${t('live.extraGiven', extraMinutesOf(attempt.extraSeconds, language))})`}
              </Text>
            ) : (
              <Group gap="xs">
                <Text>{t('live.submitted')}</Text>
                {attempt.score !== null && (
                  <Text fw={600}>{t('live.score', { score: formatNumber(attempt.score, language) })}</Text>
                )}
                {attempt.result && (
                  <StatusBadge tone={attempt.result === 'Passed' ? 'positive' : 'negative'}>
                    {t(`live.result.${attempt.result}`)}
                  </StatusBadge>
                )}
              </Group>
            )}
          </Stack>
        ) : (
          <Text c="gray.7">{t('live.notStarted')}</Text>
        )}
        {attempt?.abilities.extraTime && (
          <ExtraTime
            grantable={attempt.extraMinutesGrantable}
            onGive={(minutes) => onReason({ action: 'extra-time', candidate, minutes })}
          />
        )}
        <Group gap="xs">
          {candidate.abilities.admit && (
            <Button variant="light" onClick={() => onReason({ action: 'admit', candidate })}>
              {t('live.actions.admit')}
            </Button>
          )}
          {attempt?.abilities.restart && (
            // Neutral: Mantine's darkest orange on white is below the 4.5:1 contrast text needs.
            <Button variant="default" onClick={() => onReason({ action: 'restart', candidate })}>
              {t('live.actions.restart')}
            </Button>
          )}
          {attempt?.abilities.stop && (
            <Button variant="outline" color="red.9" onClick={() => onReason({ action: 'stop', candidate })}>
              {t('live.actions.stop')}
            </Button>
          )}
        </Group>
        <Group gap="xs" role="group" aria-label={t('live.attendance.label', { name })}>
          <Text size="sm">{t('live.attendance.title')}</Text>
          {(['Attended', 'Absent'] as const).map((status) => (
            <Button
              key={status}
              size="xs"
              variant={candidate.bookingStatus === status ? 'filled' : 'default'}
              aria-pressed={candidate.bookingStatus === status}
              loading={pending}
              disabled={!candidate.abilities[status === 'Attended' ? 'markAttended' : 'markAbsent']}
              onClick={() => onAttendance(status)}
            >
              {t(`live.attendance.${status}`)}
            </Button>
          ))}
        </Group>
        {attempt?.abilities.practicalScore && <PracticalScore pending={pending} onSave={onScore} />}
      </Stack>
    </Paper>
  );
}

/**
 * `/examiner/exam-live/:sessionId` and `/admin/exam-live/:sessionId`: who has checked in, each
 * candidate's progress and time left, polled every 5 s; admit, extra time, stop and restart,
 * each with a reason; attendance and the practical score.
 */
export function ExamLivePage() {
  const { t } = useTranslation(['exam-checkins', 'scheduling']);
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const { sessionId = '' } = useParams();
  const id = Number(sessionId);
  const live = useQuery(liveSessionQuery(id));
  const write = useProctorWrite(id);
  const elapsed = useSecondsSince(live.dataUpdatedAt);
  const [asking, setAsking] = useState<Pending>();

  if (live.isPending) return <LoadingState />;
  if (live.isError) return <ErrorState error={live.error} onRetry={() => void live.refetch()} />;
  const { session, candidates } = live.data;

  const done = {
    onSuccess: () => notifySuccess(t('live.saved')),
    onError: (error: unknown) => notifyError(errorMessage(error)),
  };
  const sendReason = (reason: string) => {
    if (!asking) return;
    const { action, candidate } = asking;
    const attemptId = candidate.attempt?.id ?? 0;
    const request =
      action === 'admit'
        ? { action, sessionId: id, bookingId: candidate.bookingId, reason }
        : action === 'extra-time'
          ? { action, attemptId, minutes: asking.minutes ?? 0, reason }
          : { action, attemptId, reason };
    write.mutate(request, {
      onSuccess: () => {
        setAsking(undefined);
        done.onSuccess();
      },
      onError: done.onError,
    });
  };
  const askingName = asking ? nameIn(asking.candidate, language) : '';

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('live.title')}
        </Title>
        <Text data-user-data>
          {nameIn({ nameEn: session.courseNameEn, nameAr: session.courseNameAr }, language)} ·{' '}
          {nameIn({ nameEn: session.branchNameEn, nameAr: session.branchNameAr }, language)}
        </Text>
        <Text>
          {formatCentreDateTime(session.startsAt, language)} · {t(`scheduling:delivery.${session.delivery}`)}
        </Text>
        <Text size="sm" c="gray.7" role="status">
          {t('live.polling', {
            checkedIn: formatNumber(
              candidates.filter((c) => c.checkin.complete || c.checkin.admitted).length,
              language,
            ),
            total: formatNumber(candidates.length, language),
          })}
        </Text>
      </Stack>
      {candidates.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center">{t('live.noCandidates')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
          {candidates.map((candidate) => (
            <CandidateCard
              key={candidate.bookingId}
              candidate={candidate}
              elapsed={elapsed}
              pending={write.isPending && !asking}
              onReason={setAsking}
              onAttendance={(status) =>
                write.mutate({ action: 'attendance', bookingId: candidate.bookingId, status }, done)
              }
              onScore={(score) =>
                write.mutate(
                  { action: 'practical-score', attemptId: candidate.attempt?.id ?? 0, score },
                  done,
                )
              }
            />
          ))}
        </SimpleGrid>
      )}
      <ReasonDialog
        opened={asking !== undefined}
        onClose={() => setAsking(undefined)}
        title={asking ? t(`live.dialog.${dialogKey(asking.action)}.title`, { name: askingName }) : ''}
        intro={
          asking
            ? t(`live.dialog.${dialogKey(asking.action)}.intro`, {
                name: askingName,
                count: asking.minutes ?? 0,
                minutes: formatNumber(asking.minutes ?? 0, language),
              })
            : ''
        }
        reasonLabel={t('live.dialog.reason')}
        keepLabel={t('live.dialog.keep')}
        submitLabel={asking ? t(`live.dialog.${dialogKey(asking.action)}.submit`) : ''}
        pending={write.isPending}
        onSubmit={sendReason}
      />
    </Stack>
  );
}
