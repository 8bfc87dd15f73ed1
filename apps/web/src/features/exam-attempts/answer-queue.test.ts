import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { AnswerQueue, type QueuedAnswer, queueKeyOf } from './answer-queue.ts';

/** An in-memory localStorage. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** A server that is offline until told, recording what it acknowledged. */
function server() {
  const state = { online: true, finished: false, acknowledged: [] as QueuedAnswer[] };
  const send = vi.fn(async (answer: QueuedAnswer) => {
    if (!state.online) throw new ApiError(0, 'Request failed');
    if (state.finished) throw new ApiError(409, 'This exam is finished', { code: 'EXAM_FINISHED' });
    state.acknowledged.push(answer);
    return { secondsLeft: 600 };
  });
  return { state, send };
}

/** Timers the test fires by hand. */
function manualTimers() {
  const timers: { run: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const index = timers.indexOf(timer as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  };
}

describe('AnswerQueue', () => {
  it('sends each answer at once and keeps nothing once acknowledged', async () => {
    const storage = memoryStorage();
    const api = server();
    const saved = vi.fn();
    const queue = new AnswerQueue({ attemptId: 7, send: api.send, storage, onSaved: saved });
    await queue.add({ questionId: 1, answerId: 11 });
    expect(api.state.acknowledged).toEqual([{ questionId: 1, answerId: 11 }]);
    expect(queue.state).toEqual({ pending: 0, finished: false });
    expect(storage.map.has(queueKeyOf(7))).toBe(false);
    expect(saved).toHaveBeenCalledWith({ questionId: 1, answerId: 11 }, 600);
  });

  it('keeps answers given offline in localStorage and sends them in order when the connection returns', async () => {
    const storage = memoryStorage();
    const api = server();
    const clock = manualTimers();
    const states: number[] = [];
    const queue = new AnswerQueue({ attemptId: 7, send: api.send, storage, ...clock });
    queue.subscribe((state) => states.push(state.pending));
    api.state.online = false;
    await queue.add({ questionId: 1, answerId: 11 });
    await queue.add({ questionId: 2, answerId: 21 });
    await queue.add({ questionId: 3, answerId: 31 });
    // A changed mind while offline replaces the waiting answer to that question.
    await queue.add({ questionId: 2, answerId: 22 });
    expect(queue.state.pending).toBe(3);
    expect(JSON.parse(storage.map.get(queueKeyOf(7)) ?? '[]')).toEqual([
      { questionId: 1, answerId: 11 },
      { questionId: 3, answerId: 31 },
      { questionId: 2, answerId: 22 },
    ]);
    expect(api.state.acknowledged).toEqual([]);
    expect(clock.timers.length).toBe(1);

    // A page reloaded meanwhile finds the same queue.
    const reloaded = new AnswerQueue({ attemptId: 7, send: api.send, storage, ...clock });
    expect(reloaded.pending).toEqual(queue.pending);

    api.state.online = true;
    await queue.flush(); // the online event
    expect(api.state.acknowledged).toEqual([
      { questionId: 1, answerId: 11 },
      { questionId: 3, answerId: 31 },
      { questionId: 2, answerId: 22 },
    ]);
    expect(queue.state.pending).toBe(0);
    expect(storage.map.has(queueKeyOf(7))).toBe(false);
    expect(clock.timers.length).toBe(0);
    expect(states.at(-1)).toBe(0);
  });

  it('retries with a growing backoff while the network stays down', async () => {
    const api = server();
    const clock = manualTimers();
    const queue = new AnswerQueue({
      attemptId: 8,
      send: api.send,
      storage: memoryStorage(),
      backoff: [100, 200, 400],
      ...clock,
    });
    api.state.online = false;
    await queue.add({ questionId: 1, answerId: 11 });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const timer = clock.timers.shift();
      waits.push(timer?.ms ?? -1);
      timer?.run();
      await vi.waitFor(() => expect(clock.timers.length).toBe(1));
    }
    expect(waits).toEqual([100, 200, 400, 400]);
    api.state.online = true;
    clock.timers.shift()?.run();
    await vi.waitFor(() => expect(queue.state.pending).toBe(0));
    expect(api.state.acknowledged).toEqual([{ questionId: 1, answerId: 11 }]);
  });

  it('drops the whole queue and moves on when the server says EXAM_FINISHED', async () => {
    const storage = memoryStorage();
    const api = server();
    const finished = vi.fn();
    const queue = new AnswerQueue({
      attemptId: 9,
      send: api.send,
      storage,
      onFinished: finished,
      ...manualTimers(),
    });
    api.state.online = false;
    await queue.add({ questionId: 1, answerId: 11 });
    await queue.add({ questionId: 2, answerId: 21 });
    api.state.online = true;
    api.state.finished = true;
    await queue.flush();
    expect(finished).toHaveBeenCalledTimes(1);
    expect(queue.state).toEqual({ pending: 0, finished: true });
    expect(storage.map.has(queueKeyOf(9))).toBe(false);
    // Nothing more is sent once finished.
    const calls = api.send.mock.calls.length;
    await queue.add({ questionId: 3, answerId: 31 });
    expect(api.send).toHaveBeenCalledTimes(calls);
    expect(queue.state.pending).toBe(0);
  });

  it('drops an answer the server refuses for good (400) and sends the rest', async () => {
    const sent: number[] = [];
    const queue = new AnswerQueue({
      attemptId: 10,
      storage: memoryStorage(),
      send: async (answer) => {
        sent.push(answer.questionId);
        if (answer.questionId === 1) throw new ApiError(400, 'Invalid value', { code: 'INVALID_VALUE' });
        return { secondsLeft: 5 };
      },
    });
    await queue.add({ questionId: 1, answerId: 99 });
    await queue.add({ questionId: 2, answerId: 21 });
    expect(sent).toEqual([1, 2]);
    expect(queue.state.pending).toBe(0);
  });
});
