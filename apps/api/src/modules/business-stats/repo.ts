import { STAFF_TYPES } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** Instants from `from` (included) to `to` (excluded); one branch's rows when `branchId` is given. */
export interface StatsScope {
  from: Date;
  to: Date;
  branchId?: number;
}

/** A Riyadh month as `YYYY-MM`, the key every per-month figure is read by. */
const monthOf = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'Asia/Riyadh', 'YYYY-MM')`;

const within = (column: ReturnType<typeof sql>, scope: StatsScope) =>
  sql`${column} >= ${scope.from.toISOString()}::timestamptz and ${column} < ${scope.to.toISOString()}::timestamptz`;

const ofBranch = (column: ReturnType<typeof sql>, scope: StatsScope) =>
  scope.branchId === undefined ? sql`` : sql`and ${column} = ${scope.branchId}`;

/** Staff accounts (back office, instructors, examiners) and students opened, per month; by their branch. */
export async function usersByMonth(db: Db, scope: StatsScope) {
  const staffTypes = sql.join(
    STAFF_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const staff = rowsOf<{ month: string; n: number }>(
    await db.execute(sql`
      select ${monthOf(sql`u.created_at`)} as month, count(*)::int as n
      from users u
      where u.type in (${staffTypes}) and ${within(sql`u.created_at`, scope)} ${ofBranch(sql`u.branch_id`, scope)}
      group by 1`),
  );
  const students = rowsOf<{ month: string; n: number }>(
    await db.execute(sql`
      select ${monthOf(sql`s.created_at`)} as month, count(*)::int as n
      from students s
      where ${within(sql`s.created_at`, scope)} ${ofBranch(sql`s.branch_id`, scope)}
      group by 1`),
  );
  const months = new Map<string, { staff: number; students: number }>();
  const at = (month: string) => months.get(month) ?? { staff: 0, students: 0 };
  for (const row of staff) months.set(row.month, { ...at(row.month), staff: Number(row.n) });
  for (const row of students) months.set(row.month, { ...at(row.month), students: Number(row.n) });
  return months;
}

/**
 * Bookings made per month (an expired hold was never a booking), a trainee's (no corporate) and a
 * corporate's apart, each with those paid in full (Booked, Attended or Absent with nothing left to
 * pay); by their session's branch.
 */
export async function bookingsByMonth(db: Db, scope: StatsScope) {
  const rows = rowsOf<{
    month: string;
    trainee: number;
    trainee_paid: number;
    corporate: number;
    corporate_paid: number;
  }>(
    await db.execute(sql`
      with made as (
        select b.created_at, b.corporate_id is not null as is_corporate,
               b.status in ('Booked', 'Attended', 'Absent') and b.amount_paid >= b.total as is_paid
        from bookings b join scheduled_sessions s on s.id = b.session_id
        where b.status <> 'Expired' and ${within(sql`b.created_at`, scope)} ${ofBranch(sql`s.branch_id`, scope)}
      )
      select ${monthOf(sql`created_at`)} as month,
             count(*) filter (where not is_corporate)::int as trainee,
             count(*) filter (where not is_corporate and is_paid)::int as trainee_paid,
             count(*) filter (where is_corporate)::int as corporate,
             count(*) filter (where is_corporate and is_paid)::int as corporate_paid
      from made
      group by 1`),
  );
  return new Map(
    rows.map((row) => [
      row.month,
      {
        trainee: { count: Number(row.trainee), paid: Number(row.trainee_paid) },
        corporate: { count: Number(row.corporate), paid: Number(row.corporate_paid) },
      },
    ]),
  );
}
