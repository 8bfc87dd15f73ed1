/**
 * The exam's countdown: the server owns the clock. Each server answer carries `serverNow`; the
 * offset between it and the device's clock at receipt turns the server's `endsAt` into a
 * deadline on the device's clock, so a device set wrong still counts down the server's time.
 */
export interface ExamClock {
  /** The server's deadline, ms since the epoch. */
  endsAt: number;
  /** serverNow − device now when the answer arrived, ms. */
  offset: number;
}

/** A clock from a server answer (`serverNow`, `endsAt`) received at `deviceNow`. */
export function clockFrom(answer: { serverNow: string; endsAt: string }, deviceNow = Date.now()): ExamClock {
  return { endsAt: Date.parse(answer.endsAt), offset: Date.parse(answer.serverNow) - deviceNow };
}

/**
 * Re-synced by an answer that carries only `secondsLeft` (a saved answer): the deadline is kept
 * (only the server moves it, and then a full view comes) and the offset taken from it.
 */
export function resyncBySecondsLeft(
  clock: ExamClock,
  secondsLeft: number,
  deviceNow = Date.now(),
): ExamClock {
  // The server's now is endsAt − secondsLeft, to the second; keep the finer offset when it agrees.
  const serverNow = clock.endsAt - secondsLeft * 1000;
  const offset = serverNow - deviceNow;
  return Math.abs(offset - clock.offset) < 1000 ? clock : { ...clock, offset };
}

/** Whole seconds left on the server's clock at device time `deviceNow`, never below zero. */
export function secondsLeftOf(clock: ExamClock, deviceNow = Date.now()): number {
  return Math.max(0, Math.ceil((clock.endsAt - (deviceNow + clock.offset)) / 1000));
}

/** `h:mm:ss` or `mm:ss`, in ASCII digits (the screen formats them for its language). */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
