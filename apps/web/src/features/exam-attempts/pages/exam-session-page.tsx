import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { AttemptView } from '@tasreeh/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError } from '../../../components/notify.ts';
import { LoadingState } from '../../../components/page-states.tsx';
import { formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AnswerQueue, type QueueState } from '../answer-queue.ts';
import { attemptByBooking, attemptById, saveAnswer, startAttempt, submitAttempt } from '../api.ts';
import { donePathOf, keepPosition, rememberAttempt, resumePosition } from '../attempt-memory.ts';
import { QuestionCard } from '../components/question-card.tsx';
import { SittingOverview } from '../components/sitting-overview.tsx';
import { Countdown, SaveStatus, TimeAdded, useOnline } from '../components/sitting-status.tsx';
import { StartRefused } from '../components/start-refused.tsx';
import { clockFrom, type ExamClock, resyncBySecondsLeft, secondsLeftOf } from '../exam-clock.ts';

/** How often an open exam asks the server for its clock (a proctor's extra time — then said —, a stop, a restart). */
export const RESYNC_EVERY_MS = 15_000;

const sameQuestions = (a: AttemptView, b: AttemptView) =>
  a.questions.map((question) => question.id).join() === b.questions.map((question) => question.id).join();

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
  const { t } = useTranslation('exam-attempts');
  const { message, errorMessage } = useMessages();
  const { language } = useLanguage();
  const online = useOnline();
  const [view, setView] = useState(initial);
  const [clock, setClock] = useState<ExamClock>(() => clockFrom(initial));
  const [secondsLeft, setSecondsLeft] = useState(() => secondsLeftOf(clockFrom(initial)));
  // The extra time already seen; a later answer with more is a proctor's grant, said on the screen.
  const extraSeen = useRef(initial.extraSeconds);
  const [timeAdded, setTimeAdded] = useState(0);
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

  useEffect(() => keepPosition(view.id, position), [view.id, position]);

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
      if (fresh.extraSeconds > extraSeen.current) setTimeAdded(fresh.extraSeconds - extraSeen.current);
      extraSeen.current = fresh.extraSeconds;
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
      {timeAdded > 0 && <TimeAdded seconds={timeAdded} />}
      <SaveStatus state={queueState} online={online} />
      <Text fz="xl" fw={600} data-testid="exam-position">
        {t('sitting.questionOf', {
          number: formatNumber(position + 1, language),
          total: formatNumber(total, language),
        })}
      </Text>
      <QuestionCard
        view={view}
        question={question}
        chosen={chosen}
        needAnswer={needAnswer}
        onChoose={choose}
      />
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
      <SittingOverview
        questions={questions}
        answers={answers}
        position={position}
        reachable={reachable}
        unanswered={unanswered}
        confirming={confirming}
        submitting={submitting}
        onGo={setPosition}
        onAskSubmit={() => setConfirming(true)}
        onKeepGoing={() => setConfirming(false)}
        onSubmit={() => void submit()}
      />
    </Stack>
  );
}

type Load =
  | { kind: 'loading' }
  | { kind: 'sitting'; view: AttemptView }
  | { kind: 'refused'; error: unknown };

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
    return <StartRefused error={load.error} bookingId={id} onRetry={() => void open()} />;
  return <ExamSitting key={load.view.id} initial={load.view} onDone={onDone} />;
}
