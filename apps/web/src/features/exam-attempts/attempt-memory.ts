import type { AttemptView } from '@tasreeh/shared';

/** Where the candidate lands once the attempt is over: exam/done with the attempt. */
export function donePathOf(attemptId: number): string {
  return `/student/exam/done?attempt=${attemptId}`;
}

/** The last attempt this tab sat, for exam/done and exam/score opened without one. */
export const LAST_ATTEMPT_KEY = 'tasreeh.exam.last';

/** Keeps the attempt this tab sat, for exam/done and exam/score. */
export function rememberAttempt(attemptId: number): void {
  try {
    sessionStorage.setItem(LAST_ATTEMPT_KEY, String(attemptId));
  } catch {
    // Nothing kept: exam/done is given the attempt in its address anyway.
  }
}

const positionKeyOf = (attemptId: number) => `tasreeh.exam.position.${attemptId}`;

/** Where a candidate resumes: the question they were on in this tab, else the first unanswered. */
export function resumePosition(view: AttemptView, answers: Record<string, number>): number {
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

/** Keeps the question a candidate is on, for a reload of this tab. */
export function keepPosition(attemptId: number, position: number): void {
  try {
    sessionStorage.setItem(positionKeyOf(attemptId), String(position));
  } catch {
    // the position is a convenience
  }
}
