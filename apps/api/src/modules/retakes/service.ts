import {
  type BookingCreated,
  LIST_COUNT_CAP,
  type ListCount,
  type RetakeBookingInput,
  type RetakeCountQuery,
  type RetakeListQuery,
  type RetakePage,
  type RetakeRow,
  translateMessage,
} from '@tasreeh/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { cappedCount, likeLiteral, searchNeedle } from '../../lib/keyset.ts';
import {
  dueOf,
  duplicateOf,
  findStudents,
  insertBookingOf,
  retakePrice,
  standingsSql,
  takeSeats,
  toBooking,
  toStanding,
} from '../bookings/index.ts';
import { retakeBranchOf, retakesPolicy } from './policy.ts';

function invalidCursor(): AppError {
  return new AppError('INVALID_VALUE', { status: 400, fields: { cursor: 'INVALID_VALUE' } });
}

interface ListedRow {
  id: number;
  student_id: number;
  course_id: number;
  branch_id: number;
  score: string | number | null;
  starts_at: Date | string;
  fails: number;
  booked_booking_id: number | null;
  name_en: string;
  name_ar: string;
  id_number: string | null;
  course_name_en: string;
  course_name_ar: string;
}

/** The standings the caller may see that match the filters, as the `st` rows joined with `u` (users). */
function matchingStandings(ctx: Ctx, query: RetakeCountQuery, extra?: SQL) {
  const actor = actorOf(ctx);
  retakesPolicy.assert(actor, 'read', undefined);
  const scopeBranch = retakeBranchOf(actor);
  const conditions: SQL[] = [];
  if (scopeBranch !== undefined) conditions.push(sql`st.branch_id = ${scopeBranch}`);
  if (query.branchId) conditions.push(sql`st.branch_id = ${query.branchId}`);
  if (query.due === 'ReAssessment') conditions.push(sql`st.fails = 1`);
  if (query.due === 'ReTake') conditions.push(sql`st.fails = 2`);
  if (query.due === 'rebook-course') conditions.push(sql`st.fails >= 3`);
  if (query.search) {
    conditions.push(sql`u.search_text like ${`%${likeLiteral(searchNeedle(query.search))}%`}`);
  }
  if (extra) conditions.push(extra);
  const where = conditions.length > 0 ? sql`where ${and(...conditions)}` : sql``;
  const pairs = query.courseId ? sql`s.course_id = ${query.courseId}` : undefined;
  return sql`
    from (${standingsSql(pairs)}) st
    join students stu on stu.id = st.student_id
    join users u on u.id = stu.user_id
    join courses c on c.id = st.course_id
    ${where}`;
}

/** How many standings match (capped like every list's count). */
export async function countRetakes(ctx: Ctx, query: RetakeCountQuery): Promise<ListCount> {
  const matching = matchingStandings(ctx, query);
  const result = await ctx.db.execute(
    sql`select count(*)::int as total from (select 1 ${matching} limit ${LIST_COUNT_CAP + 1}) counted`,
  );
  return cappedCount(Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0));
}

/**
 * retake-exam (read_9): the students whose latest exam of a course failed, with what the official
 * rule makes due and its fee, by latest attempt; staff of a branch see their branch's sessions' results.
 */
export async function listRetakes(ctx: Ctx, query: RetakeListQuery): Promise<RetakePage> {
  let after: number | undefined;
  if (query.cursor !== undefined) {
    if (!/^\d{1,10}$/.test(query.cursor)) throw invalidCursor();
    after = Number(query.cursor);
  }
  const desc = query.order === 'desc';
  const page = after === undefined ? undefined : desc ? sql`st.id < ${after}` : sql`st.id > ${after}`;
  const result = await ctx.db.execute(sql`
    select st.*, u.name_en, u.name_ar, u.id_number, c.name_en as course_name_en, c.name_ar as course_name_ar
    ${matchingStandings(ctx, query, page)}
    order by st.id ${desc ? sql`desc` : sql`asc`}
    limit ${query.limit + 1}`);
  const rows = rowsOf<ListedRow>(result);
  const fee = rows.some((row) => Number(row.fails) === 2) ? (await retakePrice(ctx.db)).total : 0;
  const items: RetakeRow[] = rows.slice(0, query.limit).map((row) => {
    const standing = toStanding(row);
    const due = dueOf(standing.fails);
    return {
      id: standing.attemptId,
      studentId: standing.studentId,
      studentNameEn: row.name_en,
      studentNameAr: row.name_ar,
      idNumber: row.id_number,
      courseId: standing.courseId,
      courseNameEn: row.course_name_en,
      courseNameAr: row.course_name_ar,
      branchId: standing.branchId,
      fails: standing.fails,
      lastScore: standing.score,
      lastExamAt: standing.startsAt.toISOString(),
      due,
      fee: due === 'ReAssessment' ? 0 : due === 'ReTake' ? fee : null,
      bookedBookingId: standing.bookedBookingId,
    };
  });
  const last = items.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}

/**
 * retake-exam/book-retake (create_9): staff book a student into a ReAssessment or ReTake session
 * of their branch through the booking path (the seat by one conditional write, the pricing hook
 * of exam sessions): the ReAssessment free and Booked at once, the ReTake held for payment at
 * the retake fee, paid through the existing checkout.
 */
export const bookRetake = command({
  name: 'booking.create',
  entity: 'bookings',
  idempotency: 'required',
  authorize: retakesPolicy.authorize('book'),
  run: async (ctx, input: RetakeBookingInput): Promise<BookingCreated> => {
    const actor = actorOf(ctx);
    const [student] = await findStudents(ctx.db, [input.studentId]);
    if (!student) throw notFound();
    if (student.onHold) throw new AppError('STUDENT_ON_HOLD', { status: 409 });
    const session = await takeSeats(ctx, input.sessionId, 1, retakeBranchOf(actor));
    if (session.examType !== 'ReAssessment' && session.examType !== 'ReTake') {
      throw new AppError('RETAKE_NOT_DUE', { status: 409 });
    }
    const row = await insertBookingOf(ctx, {
      booker: { channel: 'counter', corporateId: null },
      studentId: student.id,
      session,
    });
    const booking = toBooking(row);
    return {
      ...booking,
      message: translateMessage(booking.status === 'Booked' ? 'RETAKE_BOOKED' : 'SEAT_HELD', ctx.lang),
    };
  },
  audit: ({ result }) => ({ entityId: result.id, after: { status: result.status, total: result.total } }),
  duplicate: duplicateOf,
});
