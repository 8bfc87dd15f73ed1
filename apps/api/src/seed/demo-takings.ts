import { centreDay, type PaymentMethod, riyadhInstant } from '@tasreeh/shared';
import { and, asc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bookings, branches, examAttempts, scheduledSessions, students, users } from '../db/schema/index.ts';
import { postPayment } from '../modules/ledger/index.ts';
import { cardFields, insertBooking, insertPayment, SESSION_COLUMNS, type Session } from './demo-bookings.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

const DAY_MS = 86_400_000;
/** The counter's hours of a demo day (Riyadh time), one payment at each in turn. */
const HOURS = ['09:20', '11:05', '13:40', '16:15', '18:30'];
/** The methods the demo's takings come by, in turn: mostly cash and POS, a card or a wire now and then. */
const METHODS: PaymentMethod[] = ['cash', 'pos', 'cash', 'card', 'cash', 'pos', 'cash', 'wire'];
/** Payments a day: the teller's branch first, then the other branches. */
const PER_DAY = [3, 2, 1];

/**
 * The counter's takings of the demo's past week and of today (issue 13, F2): each day a handful
 * of walk-in students book an upcoming training and pay it in the branch — cash and POS taken by
 * the teller, now and then a card or a wire — during opening hours; each payment invoiced by the
 * real series and posted to the journal on the day it was paid. Today's are taken between the
 * day's start and `now`, so that the day stays open with takings to close.
 */
export async function seedDemoTakings(
  db: Db,
  seller: Config['seller'],
  teller: { id: number; branchId: number },
  now: Date,
): Promise<void> {
  const branchRows = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id));
  const branchIds = [
    teller.branchId,
    ...branchRows.map((row) => row.id).filter((id) => id !== teller.branchId),
  ];
  // Walk-ins: not a corporate's workers, not the demo login's student, and none who sat an exam
  // (the sittings demo leaves some due a retake, not booked yet): their own stories are told elsewhere.
  const walkIns = await db
    .select({ id: students.id, userId: students.userId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        isNull(students.corporateId),
        eq(students.onHold, false),
        ne(users.idNumber, DEMO_STUDENT_ID_NUMBER),
        sql`not exists (select 1 from ${examAttempts} where ${examAttempts.studentId} = ${students.id})`,
      ),
    )
    .orderBy(asc(students.id));
  const booked = await db
    .select({ sessionId: bookings.sessionId, studentId: bookings.studentId })
    .from(bookings)
    .where(notInArray(bookings.status, ['Cancelled', 'Expired']));
  const taken = new Set(booked.map((row) => `${row.sessionId} ${row.studentId}`));
  let turn = 0;
  for (const [rank, branchId] of branchIds.entries()) {
    const perDay = PER_DAY[rank] ?? 0;
    const sessions = await db
      .select(SESSION_COLUMNS)
      .from(scheduledSessions)
      .where(
        and(
          eq(scheduledSessions.branchId, branchId),
          eq(scheduledSessions.kind, 'training'),
          gt(scheduledSessions.startsAt, now),
        ),
      )
      .orderBy(asc(scheduledSessions.startsAt), asc(scheduledSessions.id));
    if (perDay === 0 || sessions.length === 0) continue;
    const instants = [...pastWeekInstants(now, perDay), ...todayInstants(now, rank === 0 ? 2 : 0)];
    for (const paidAt of instants) {
      const seat = freeSeat(sessions, walkIns, taken, turn);
      if (!seat) return;
      const method = METHODS[turn % METHODS.length] ?? 'cash';
      turn += 1;
      const counter = method === 'cash' || method === 'pos';
      const booking = await insertBooking(db, seat.session, {
        studentId: seat.student.id,
        status: 'Booked',
        channel: counter ? 'counter' : 'student',
        bookedByUserId: counter ? teller.id : seat.student.userId,
        createdAt: paidAt,
      });
      const id = await insertPayment(db, seller, booking, {
        method,
        status: 'paid',
        takenBy: counter ? teller.id : undefined,
        extra: extraOf(method, turn),
      });
      await postPayment(db, id);
    }
  }
}

/** The instants of a day's payments in the past week, oldest day first, within opening hours. */
function pastWeekInstants(now: Date, perDay: number): Date[] {
  const instants: Date[] = [];
  for (let back = 7; back >= 1; back--) {
    const day = centreDay(new Date(now.getTime() - back * DAY_MS));
    // Now and then a quieter day: one payment fewer.
    const count = back % 3 === 0 ? Math.max(1, perDay - 1) : perDay;
    for (const hour of HOURS.slice(0, count)) instants.push(riyadhInstant(day, hour));
  }
  return instants;
}

/** Instants today between the start of the centre's day and now, whatever the hour. */
function todayInstants(now: Date, count: number): Date[] {
  const start = riyadhInstant(centreDay(now), '00:00').getTime();
  const span = now.getTime() - start;
  return Array.from({ length: count }, (_, index) => new Date(start + (span * (index + 1)) / (count + 1)));
}

/** A session with a seat left and a walk-in not yet booked in it, taking turns through both. */
function freeSeat(
  sessions: Session[],
  walkIns: { id: number; userId: number }[],
  taken: Set<string>,
  turn: number,
) {
  for (let offset = 0; offset < sessions.length * walkIns.length; offset++) {
    const session = sessions[(turn + offset) % sessions.length];
    const student = walkIns[(turn + offset * 7) % walkIns.length];
    if (!session || !student) continue;
    const key = `${session.id} ${student.id}`;
    if (taken.has(key)) continue;
    taken.add(key);
    return { session, student };
  }
  return undefined;
}

function extraOf(method: PaymentMethod, turn: number) {
  if (method === 'card') return cardFields(turn % 2 ? 'mada' : 'visa');
  if (method === 'pos') return { posReference: `POS-DEMO-${String(1000 + turn)}` };
  if (method === 'wire') return { bankName: 'Saudi National Bank', iban: 'SA0310000001234567891234' };
  return {};
}
