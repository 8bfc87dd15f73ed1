import { ApiError } from '../../api/api-error.ts';

/** One answer not yet acknowledged by the server. */
export interface QueuedAnswer {
  questionId: number;
  answerId: number;
}

/** What the queue reports after each change: how many answers wait, and whether the exam is over. */
export interface QueueState {
  pending: number;
  finished: boolean;
}

export interface AnswerQueueOptions {
  attemptId: number;
  /** `PUT /api/exam-attempts/:id/answers/:questionId`; resolves once the server committed it. */
  send: (answer: QueuedAnswer) => Promise<{ secondsLeft: number }>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Each acknowledged answer's `secondsLeft`, to re-sync the clock. */
  onSaved?: (answer: QueuedAnswer, secondsLeft: number) => void;
  /** The server said EXAM_FINISHED: the queue is dropped, the screen moves on. */
  onFinished?: () => void;
  /** The waits between retries after a failed send, ms (the last repeats). */
  backoff?: readonly number[];
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const DEFAULT_BACKOFF = [1000, 2000, 4000, 8000, 15_000] as const;

/** The localStorage key of an attempt's unsent answers. */
export function queueKeyOf(attemptId: number): string {
  return `tasreeh.exam.answers.${attemptId}`;
}

function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as QueuedAnswer).questionId) &&
    Number.isSafeInteger((value as QueuedAnswer).answerId)
  );
}

/**
 * The answers of one attempt on their way to the server. Every answer is sent at once; one the
 * server has not acknowledged (offline, a failed call) stays in localStorage, keyed by the
 * attempt, and is sent again in order when the connection returns (`flush` on the online event)
 * and after a backoff. A later answer to the same question replaces the waiting one. A 409
 * EXAM_FINISHED drops the queue (the server refuses what arrives after the deadline); another
 * refusal (a 4xx: an answer not of that question) drops that answer alone.
 */
export class AnswerQueue {
  private readonly options: AnswerQueueOptions;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  private items: QueuedAnswer[];
  private sending = false;
  private finished = false;
  private failures = 0;
  private timer: unknown;
  private readonly listeners = new Set<(state: QueueState) => void>();

  constructor(options: AnswerQueueOptions) {
    this.options = options;
    this.storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    this.items = this.load();
  }

  private load(): QueuedAnswer[] {
    try {
      const parsed: unknown = JSON.parse(this.storage?.getItem(queueKeyOf(this.options.attemptId)) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isQueuedAnswer) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    const key = queueKeyOf(this.options.attemptId);
    try {
      if (this.items.length === 0) this.storage?.removeItem(key);
      else this.storage?.setItem(key, JSON.stringify(this.items));
    } catch {
      // A full or refused storage keeps the queue in memory: the page still sends it while open.
    }
  }

  get state(): QueueState {
    return { pending: this.items.length, finished: this.finished };
  }

  /** The waiting answers, in the order they will be sent. */
  get pending(): readonly QueuedAnswer[] {
    return this.items;
  }

  subscribe(listener: (state: QueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.save();
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }

  /** Queues an answer (replacing a waiting one to the same question) and sends at once. */
  add(answer: QueuedAnswer): Promise<void> {
    if (this.finished) return Promise.resolve();
    this.items = [...this.items.filter((item) => item.questionId !== answer.questionId), answer];
    this.changed();
    return this.flush();
  }

  /** Sends the waiting answers in order, one at a time; stops at the first that fails on the network. */
  async flush(): Promise<void> {
    if (this.sending || this.finished) return;
    this.sending = true;
    this.cancelRetry();
    try {
      for (;;) {
        const next = this.items[0];
        if (!next) break;
        try {
          const saved = await this.options.send(next);
          this.failures = 0;
          this.drop(next);
          this.options.onSaved?.(next, saved.secondsLeft);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409 && error.code === 'EXAM_FINISHED') {
            this.finish();
            return;
          }
          if (
            error instanceof ApiError &&
            error.status >= 400 &&
            error.status < 500 &&
            error.status !== 408 &&
            error.status !== 429
          ) {
            // The server refused this answer for good (not of that question…): sending it again changes nothing.
            this.drop(next);
            continue;
          }
          this.scheduleRetry();
          return;
        }
      }
    } finally {
      this.sending = false;
    }
  }

  /** Removes a sent answer, unless a newer answer to its question arrived meanwhile. */
  private drop(sent: QueuedAnswer): void {
    const index = this.items.findIndex(
      (item) => item.questionId === sent.questionId && item.answerId === sent.answerId,
    );
    if (index >= 0) this.items = this.items.filter((_, i) => i !== index);
    this.changed();
  }

  private finish(): void {
    this.finished = true;
    this.items = [];
    this.cancelRetry();
    this.changed();
    this.options.onFinished?.();
  }

  private scheduleRetry(): void {
    const backoff = this.options.backoff ?? DEFAULT_BACKOFF;
    const wait = backoff[Math.min(this.failures, backoff.length - 1)] ?? 15_000;
    this.failures++;
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.timer = setTimer(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private cancelRetry(): void {
    if (this.timer === undefined) return;
    (this.options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)))(
      this.timer,
    );
    this.timer = undefined;
  }

  /** Stops retrying (the page is leaving); the waiting answers stay stored for the next visit. */
  dispose(): void {
    this.cancelRetry();
    this.listeners.clear();
  }
}
