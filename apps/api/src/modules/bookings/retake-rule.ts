import {
  computeFees,
  DEFAULT_RETAKE_FEE,
  DEFAULT_VAT_BASIS_POINTS,
  type ExamSessionType,
  nextExamStep,
  type RetakeDueKind,
} from '@tasreeh/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { feeSetups } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The official retake rule (nextExamStep) over the stored results: for each student and course
 * whose latest submitted exam failed, how many fails count (those after the latest pass and
 * after the start of the latest training of the course booked again), and a retake already
 * booked (a live booking of a later exam session of the course).
 */
export interface Standing {
  attemptId: number;
  studentId: number;
  courseId: number;
  branchId: number;
  score: number | null;
  startsAt: Date;
  fails: number;
  bookedBookingId: number | null;
}

/** The SQL of the standings, narrowed by `where` on the pair (columns `student_id`, `course_id`, `branch_id`). */
export function standingsSql(pairs: SQL | undefined): SQL {
  const narrowed = pairs ? sql`and ${pairs}` : sql``;
  return sql`
    with sat as (
      select a.id, a.student_id, s.course_id, s.branch_id, a.result, a.score, s.starts_at
      from exam_attempts a
      join scheduled_sessions s on s.id = a.session_id
      where a.status = 'submitted' and a.result is not null ${narrowed}
    ), latest as (
      select distinct on (student_id, course_id) *
      from sat
      order by student_id, course_id, starts_at desc, id desc
    ), standing as (
      select l.*,
        (
          select count(*)::int from sat f
          where f.student_id = l.student_id and f.course_id = l.course_id and f.result = 'Failed'
            and f.starts_at > coalesce(greatest(
              (select max(p.starts_at) from sat p
                where p.student_id = l.student_id and p.course_id = l.course_id and p.result = 'Passed'),
              (select max(ts.starts_at) from bookings tb
                join scheduled_sessions ts on ts.id = tb.session_id
                where tb.student_id = l.student_id and ts.course_id = l.course_id and ts.kind = 'training'
                  and tb.status not in ('Cancelled', 'Expired'))
            ), '-infinity'::timestamptz)
        ) as fails,
        (
          select eb.id from bookings eb
          join scheduled_sessions es on es.id = eb.session_id
          where eb.student_id = l.student_id and es.course_id = l.course_id and es.kind = 'exam'
            and es.starts_at > l.starts_at and eb.status not in ('Cancelled', 'Expired')
          order by eb.id desc limit 1
        ) as booked_booking_id
      from latest l
      where l.result = 'Failed'
    )
    select * from standing where fails >= 1`;
}

interface StandingRow {
  id: number;
  student_id: number;
  course_id: number;
  branch_id: number;
  score: string | number | null;
  starts_at: Date | string;
  fails: number;
  booked_booking_id: number | null;
}

export function toStanding(row: StandingRow): Standing {
  return {
    attemptId: Number(row.id),
    studentId: Number(row.student_id),
    courseId: Number(row.course_id),
    branchId: Number(row.branch_id),
    score: row.score === null ? null : Number(row.score),
    startsAt: new Date(row.starts_at),
    fails: Number(row.fails),
    bookedBookingId: row.booked_booking_id === null ? null : Number(row.booked_booking_id),
  };
}

/** What `fails` failed exams make due (only called with fails ≥ 1). */
export function dueOf(fails: number): RetakeDueKind {
  const step = nextExamStep(fails);
  return step.kind === 'Assessment' ? 'ReAssessment' : step.kind;
}

/** One student's standing in one course, or nothing when no retake is due. */
export async function standingOf(db: Db, studentId: number, courseId: number): Promise<Standing | undefined> {
  const result = await db.execute(
    sql`${standingsSql(sql`a.student_id = ${studentId} and s.course_id = ${courseId}`)}`,
  );
  const [row] = rowsOf<StandingRow>(result);
  return row ? toStanding(row) : undefined;
}

export interface Price {
  originalFee: number;
  amanaFee: number;
  vat: number;
  total: number;
}

export const FREE: Price = { originalFee: 0, amanaFee: 0, vat: 0, total: 0 };

/** The ReTake's price: the active fee setup of the `retake` service, else SAR 150 with VAT. */
export async function retakePrice(db: Db): Promise<Price> {
  const [fees] = await db
    .select()
    .from(feeSetups)
    .where(and(eq(feeSetups.service, 'retake'), eq(feeSetups.active, true)))
    .orderBy(asc(feeSetups.id))
    .limit(1);
  const { originalFee, amanaFee, vat, total } = computeFees(
    fees
      ? {
          originalFee: fees.originalFee,
          amanaFee:
            fees.amanaFeeKind === 'amount'
              ? { kind: 'amount', amount: fees.amanaFee }
              : { kind: 'percent', rate: fees.amanaFee },
          vatRate: fees.vatRate,
          vatOnOriginal: fees.vatOnOriginal,
          vatOnAmana: fees.vatOnAmana,
        }
      : {
          originalFee: DEFAULT_RETAKE_FEE,
          amanaFee: { kind: 'amount', amount: 0 },
          vatRate: DEFAULT_VAT_BASIS_POINTS,
          vatOnOriginal: true,
          vatOnAmana: false,
        },
  );
  return { originalFee, amanaFee, vat, total };
}

/** What a booking of a retake session is: free and Booked at once (ReAssessment), or priced and held (ReTake). */
export interface RetakeTerms {
  price: Price;
  bookedAtOnce: boolean;
}

/**
 * The pricing hook of a booking of an exam session: undefined for a first Assessment (the course's
 * fees); for a ReAssessment or ReTake session, the student must be due exactly that by the rule
 * (else 409 RETAKE_NOT_DUE) and hold no retake booked already (409 ALREADY_BOOKED). The
 * student's row is locked first, so two retake bookings at once (even of two sessions) make one.
 */
export async function retakeTermsOf(
  db: Db,
  studentId: number,
  session: { courseId: number; examType: ExamSessionType | null },
): Promise<RetakeTerms | undefined> {
  if (session.examType !== 'ReAssessment' && session.examType !== 'ReTake') return undefined;
  await db.execute(sql`select id from students where id = ${studentId} for update`);
  const standing = await standingOf(db, studentId, session.courseId);
  if (!standing || dueOf(standing.fails) !== session.examType) {
    throw new AppError('RETAKE_NOT_DUE', { status: 409 });
  }
  if (standing.bookedBookingId !== null) throw new AppError('ALREADY_BOOKED', { status: 409 });
  if (session.examType === 'ReAssessment') return { price: FREE, bookedAtOnce: true };
  return { price: await retakePrice(db), bookedAtOnce: false };
}
