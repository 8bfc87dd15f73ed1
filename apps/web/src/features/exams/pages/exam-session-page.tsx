import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { AttemptView } from '@tasreeh/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError } from '../../../components/notify.ts';
import { LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AnswerQueue, type QueueState } from '../answer-queue.ts';
import { attemptByBooking, attemptById, saveAnswer, startAttempt, submitAttempt } from '../api.ts';
import { AudioButton, QuestionImage } from '../components/media.tsx';
import {
  clockFrom,
  type ExamClock,
  formatCountdown,
  resyncBySecondsLeft,
  secondsLeftOf,
} from '../exam-clock.ts';

/** How often an open exam asks the server for its clock (a proctor's extra time, a stop, a restart). */
export const RESYNC_EVERY_MS = 15_000;

/** Where the candidate lands once the attempt is over: exam/done with the attempt. */
export function donePathOf(attemptId: number): string {
  return `/student/exam/done?attempt=${attemptId}`;
}

/** The last attempt this tab sat, for exam/done and exam/score opened without one. */
export const LAST_ATTEMPT_KEY = 'tasreeh.exam.last';

function rememberAttempt(attemptId: number): void {
  try {
    sessionStorage.setItem(LAST_ATTEMPT_KEY, String(attemptId));
  } catch {
    // Nothing kept: exam/done is given the attempt in its address anyway.
  }
}

const positionKeyOf = (attemptId: number) => `tasreeh.exam.position.${attemptId}`;

/** Where a candidate resumes: the question they were on in this tab, else the first unanswered. */
function resumePosition(view: AttemptView, answers: Record<string, number>): number {
  try {
    const kept = Number(sessionStorage.getItem(positionKeyOf(view.id)));
    if (
      Number.isInteger(kept) &&
      kept >= 0 &&
      kept < view.questions.length &&
      sessionStorage.getItem(positionKeyOf(view.id)) !== null
    ) {
      return kept;
    }
  } catch {
    // fall through
  }
  const first = view.questions.findIndex((question) => answers[question.id] === undefined);
  return first < 0 ? Math.max(0, view.questions.length - 1) : first;
}

const sameQuestions = (a: AttemptView, b: AttemptView) =>
  a.questions.map((question) => question.id).join() === b.questions.map((question) => question.id).join();

function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

/** The countdown, from the server's clock. */
function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation('exams');
  const low = seconds <= 300;
  return (
    <Paper withBorder px="md" py="xs" bg={low ? 'red.0' : undefined}>
      <Text fz={28} fw={700} c={low ? 'red.9' : undefined} role="timer" aria-label={t('sitting.timeLeft')}>
        <bdi dir="ltr" data-testid="exam-time-left">
          {formatCountdown(seconds)}
        </bdi>
      </Text>
    </Paper>
  );
}

/** Whether every answer is on the server, said plainly and announced. */
function SaveStatus({ state, online }: { state: QueueState; online: boolean }) {
  const { t } = useTranslation('exams');
  const saved = state.pending === 0;
  return (
    <Paper withBorder p="sm" bg={saved ? 'green.0' : 'yellow.1'}>
      <Text fz="lg" fw={600} aria-live="polite" role="status" data-testid="exam-save-status">
        {saved ? t('sitting.allSaved') : t('sitting.unsaved', { count: state.pending })}
      </Text>
      {!online && <Text fz="md">{t('sitting.offline')}</Text>}
    </Paper>
  );
}

/**
 * The exam itself: one question at a time in the exam language's script and direction, every
 * answer sent at once (queued while offline), the server's countdown, the overview and submit.
 */
export function ExamSitting({
  initial,
  onDone,
}: {
  initial: AttemptView;
  onDone: (attemptId: number) => void;
}) {
  const { t } = useTranslation('exams');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const online = useOnline();
  const [view, setView] = useState(initial);
  const [clock, setClock] = useState<ExamClock>(() => clockFrom(initial));
  const [secondsLeft, setSecondsLeft] = useState(() => secondsLeftOf(clockFrom(initial)));
  const done = useRef(false);
  const finish = useCallback(() => {
    if (done.current) return;
    done.current = true;
    onDone(view.id);
  }, [onDone, view.id]);

  const queue = useMemo(
    () =>
      new AnswerQueue({
        attemptId: view.id,
        send: ({ questionId, answerId }) => saveAnswer(view.id, questionId, answerId),
        onSaved: (_answer, left) => setClock((current) => resyncBySecondsLeft(current, left)),
        onFinished: () => finish(),
      }),
    [view.id, finish],
  );
  const [queueState, setQueueState] = useState<QueueState>(() => queue.state);
  useEffect(() => {
    setQueueState(queue.state);
    const unsubscribe = queue.subscribe(setQueueState);
    // Answers kept from an earlier visit (offline) are sent now.
    void queue.flush();
    return () => {
      unsubscribe();
      queue.dispose();
    };
  }, [queue]);

  // The server's answers, with those still waiting in the queue on top.
  const [answers, setAnswers] = useState<Record<string, number>>(() => {
    const merged: Record<string, number> = { ...initial.answers };
    for (const item of queue.pending) merged[String(item.questionId)] = item.answerId;
    return merged;
  });
  const [position, setPosition] = useState(() => resumePosition(initial, answers));
  const [needAnswer, setNeedAnswer] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    try {
      sessionStorage.setItem(positionKeyOf(view.id), String(position));
    } catch {
      // the position is a convenience
    }
  }, [view.id, position]);

  // The countdown: a tick a second against the server's deadline; at zero the exam is over.
  useEffect(() => {
    const tick = () => {
      const left = secondsLeftOf(clock);
      setSecondsLeft(left);
      if (left <= 0) finish();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [clock, finish]);

  // The connection is back: send what waits, and take the server's clock again.
  const resync = useCallback(async () => {
    try {
      const fresh = await attemptById(view.id);
      if (fresh.status === 'submitted') {
        finish();
        return;
      }
      setClock(clockFrom(fresh));
      if (!sameQuestions(fresh, view)) {
        // A proctor restarted the attempt: a new draw, answers cleared.
        setView(fresh);
        setAnswers({ ...fresh.answers });
        setPosition(0);
      }
    } catch {
      // Offline or refused: the next tick tries again.
    }
  }, [view, finish]);
  useEffect(() => {
    const back = () => {
      void queue.flush();
      void resync();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') void resync();
    };
    window.addEventListener('online', back);
    document.addEventListener('visibilitychange', visible);
    const timer = setInterval(() => void resync(), RESYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', back);
      document.removeEventListener('visibilitychange', visible);
      clearInterval(timer);
    };
  }, [queue, resync]);

  const questions = view.questions;
  const total = questions.length;
  const question = questions[Math.min(position, total - 1)];
  const firstUnanswered = questions.findIndex((q) => answers[String(q.id)] === undefined);
  const unanswered = questions.filter((q) => answers[String(q.id)] === undefined).length;
  const reachable = (index: number) => firstUnanswered < 0 || index <= firstUnanswered;

  if (!question) return <Alert color="red">{message('REQUEST_FAILED')}</Alert>;
  const chosen = answers[String(question.id)];

  const choose = (value: string) => {
    const answerId = Number(value);
    setAnswers((current) => ({ ...current, [String(question.id)]: answerId }));
    setNeedAnswer(false);
    void queue.add({ questionId: question.id, answerId });
  };
  const next = () => {
    if (chosen === undefined) {
      setNeedAnswer(true);
      return;
    }
    if (position < total - 1) setPosition(position + 1);
    else setConfirming(true);
  };
  const submit = async () => {
    setSubmitting(true);
    try {
      await queue.flush();
      if (queue.state.pending > 0 && !queue.state.finished) {
        notifyError(t('sitting.saveFirst'));
        return;
      }
      await submitAttempt(view.id);
      finish();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EXAM_FINISHED') finish();
      else notifyError(errorMessage(error));
    } finally {
      setSubmitting(false);
      setConfirming(false);
    }
  };

  return (
    <Stack gap="md" maw={820} mx="auto" w="100%">
      <Group justify="space-between" align="center">
        <Title order={1} size="h3">
          {language === 'ar' ? view.titleAr : view.titleEn}
        </Title>
        <Countdown seconds={secondsLeft} />
      </Group>
      <SaveStatus state={queueState} online={online} />
      <Text fz="xl" fw={600} data-testid="exam-position">
        {t('sitting.questionOf', {
          number: formatNumber(position + 1, language),
          total: formatNumber(total, language),
        })}
      </Text>
      <Paper withBorder p="lg" lang={view.language} dir={view.direction} data-testid="exam-question">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Radio.Group
            style={{ flex: 1 }}
            label={question.text}
            labelProps={{ style: { fontSize: 26, fontWeight: 600, lineHeight: 1.5, marginBottom: 12 } }}
            value={chosen === undefined ? null : String(chosen)}
            onChange={choose}
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
      <Group justify="space-between">
        <Button
          size="xl"
          variant="default"
          disabled={position === 0}
          onClick={() => setPosition(position - 1)}
        >
          {t('sitting.previous')}
        </Button>
        <Button size="xl" onClick={next}>
          {position < total - 1 ? t('sitting.next') : t('sitting.finish')}
        </Button>
      </Group>
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
                  onClick={() => setPosition(index)}
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
          <Button size="lg" variant="outline" onClick={() => setConfirming(true)}>
            {t('sitting.submit')}
          </Button>
        </Stack>
      </Paper>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('sitting.confirmTitle')}
        centered
      >
        <Stack gap="md">
          <Text fz="lg">
            {unanswered === 0
              ? t('sitting.confirmAllAnswered')
              : t('sitting.confirmUnanswered', { count: unanswered })}
          </Text>
          <Group justify="flex-end">
            <Button size="lg" variant="default" onClick={() => setConfirming(false)}>
              {t('sitting.keepGoing')}
            </Button>
            <Button size="lg" loading={submitting} onClick={() => void submit()}>
              {t('sitting.confirmSubmit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

type Load =
  | { kind: 'loading' }
  | { kind: 'sitting'; view: AttemptView }
  | { kind: 'refused'; error: unknown };

/** A start the server refused, in words, with what the candidate can do about it. */
function Refused({ error, bookingId, onRetry }: { error: unknown; bookingId: number; onRetry: () => void }) {
  const { t } = useTranslation('exams');
  const { message, errorMessage } = useMessages();
  // A code of the attempts module this screen names (its message text comes from the server).
  const code: string | undefined = error instanceof ApiError ? error.code : undefined;
  let text: string;
  let action: ReactNode;
  if (code === 'EXAM_NOT_STARTED') {
    text = message('EXAM_NOT_STARTED');
    action = (
      <Button size="lg" onClick={onRetry}>
        {t('sitting.tryAgain')}
      </Button>
    );
  } else if (code === 'EXAM_FINISHED') {
    text = message('EXAM_FINISHED');
    action = (
      <Button size="lg" component={Link} to="/student/exam?tab=past">
        {t('sitting.backToExams')}
      </Button>
    );
  } else if (code === 'EXAM_CHECKIN_REQUIRED') {
    text = errorMessage(error);
    action = (
      <Button size="lg" component={Link} to={`/student/exam/check-out/${bookingId}`}>
        {t('list.checkIn')}
      </Button>
    );
  } else {
    text = errorMessage(error);
    action = (
      <Group>
        <Button size="lg" onClick={onRetry}>
          {t('sitting.tryAgain')}
        </Button>
        <Button size="lg" variant="default" component={Link} to="/student/exam">
          {t('sitting.backToExams')}
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('sitting.title')}
      </Title>
      <Alert color={code === 'EXAM_NOT_STARTED' ? 'blue' : 'orange'} role="alert">
        <Text fz={24} fw={600}>
          {text}
        </Text>
      </Alert>
      <div>{action}</div>
    </Stack>
  );
}

/**
 * `/student/exam/session/:bookingId`: resumes the booking's attempt (GET by-booking), or starts
 * it (POST with an Idempotency-Key kept per booking, so a retry is the same start).
 */
export function ExamSessionPage() {
  const { bookingId = '' } = useParams();
  const id = Number(bookingId);
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const onDone = useCallback(
    (attemptId: number) => {
      rememberAttempt(attemptId);
      void navigate(donePathOf(attemptId), { replace: true });
    },
    [navigate],
  );
  const open = useCallback(async () => {
    setLoad({ kind: 'loading' });
    let view: AttemptView;
    try {
      view = await attemptByBooking(id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) {
        setLoad({ kind: 'refused', error });
        return;
      }
      try {
        view = await startAttempt(id);
      } catch (startError) {
        setLoad({ kind: 'refused', error: startError });
        return;
      }
    }
    if (view.status === 'submitted') {
      onDone(view.id);
      return;
    }
    setLoad({ kind: 'sitting', view });
  }, [id, onDone]);
  useEffect(() => {
    void open();
  }, [open]);

  if (load.kind === 'loading') return <LoadingState />;
  if (load.kind === 'refused')
    return <Refused error={load.error} bookingId={id} onRetry={() => void open()} />;
  return <ExamSitting key={load.view.id} initial={load.view} onDone={onDone} />;
}
