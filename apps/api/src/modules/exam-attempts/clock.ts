/**
 * An attempt's clock. It runs the exam's duration from its start, but never past its session's
 * end: a candidate who starts late gets the time that is left. Examiners may add extra time, at
 * most `maxMinutes` in all per attempt (config EXAM_EXTRA_TIME_MAX_MINUTES), so that no attempt
 * ever runs past its session's end by more than that. `endsAt` = the clock's own end + every grant.
 */

/** When a clock started at `from` ends, before any extra time: the duration, cut at the session's end. */
export function clockEndOf(from: Date, durationMinutes: number, sessionEndsAt: Date): Date {
  return new Date(Math.min(from.getTime() + durationMinutes * 60_000, sessionEndsAt.getTime()));
}

/**
 * The whole minutes of extra time an attempt may still be given: what is left of the cap after
 * its grants, and no more than keeps it within the session's end plus the cap (an attempt started
 * before this rule may already run past its session's end).
 */
export function grantableExtraMinutes(
  attempt: { endsAt: Date; extraSeconds: number },
  sessionEndsAt: Date,
  maxMinutes: number,
): number {
  const capSeconds = maxMinutes * 60;
  const byCap = capSeconds - attempt.extraSeconds;
  const bySessionEnd = (sessionEndsAt.getTime() + capSeconds * 1000 - attempt.endsAt.getTime()) / 1000;
  return Math.max(0, Math.floor(Math.min(byCap, bySessionEnd) / 60));
}

/** Whole seconds from `now` to `endsAt`, never negative. */
export function secondsLeftOf(endsAt: Date, now: Date): number {
  return Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000));
}
