/**
 * Sessions (spec §2 Scheduling; DESIGN §5 Sessions and seats): a training session is a course's
 * cohort, an exam session a sitting of the course's exam. Without Zod, for every screen.
 */
export const SESSION_KINDS = ['training', 'exam'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** Spec §4 exam assessment types. */
export const EXAM_SESSION_TYPES = ['Assessment', 'ReAssessment', 'ReTake'] as const;
export type ExamSessionType = (typeof EXAM_SESSION_TYPES)[number];

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * What an edit of a session in a weekly series changes, like a calendar app: `one` this session,
 * `following` this session and the later sessions of its series still scheduled.
 */
export const SESSION_EDIT_SCOPES = ['one', 'following'] as const;
export type SessionEditScope = (typeof SESSION_EDIT_SCOPES)[number];

/** Sessions are held in the centre's local time, whatever the browser's zone. */
export const CENTRE_TIME_ZONE = 'Asia/Riyadh';

const centreDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CENTRE_TIME_ZONE });

/** The calendar day of an instant in the centre's time zone, `YYYY-MM-DD`: what a result, a payment or a closing counts on. */
export function centreDay(instant: Date): string {
  return centreDayFormat.format(instant);
}

/** The instant a centre day (`YYYY-MM-DD`) starts, or the one `plusDays` later: the bounds of a range of days. */
export function centreDayStart(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + plusDays * 86_400_000);
}
