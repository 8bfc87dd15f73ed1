import { randomUUID } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, corporates, courses, scheduledSessions, students } from '../../../db/schema/index.ts';
import { demoCorporateId, newBooking } from '../../../test/paid-bookings.ts';
import { insertSession, insertStudents, seatsTakenOf } from '../../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
const tokens = {} as Record<'student' | 'corporate' | 'Teller' | 'CFO' | 'Instructor', string>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ['student', 'corporate', 'Teller', 'CFO', 'Instructor'] as const) {
    tokens[type] = (await t.loginAs(type)).token;
  }
});
afterAll(async () => {
  await t.close();
});

const move = (id: number, sessionId: number, token?: string, key: string | null = randomUUID()) =>
  t.call({
    method: 'POST',
    url: `/api/bookings/${id}/move`,
    token,
    payload: { sessionId },
    headers: key ? { 'idempotency-key': key } : {},
  });

/** The demo student's own seat, booked and paid in cash at the counter through the API. */
async function paidBooking(sessionId: number) {
  const booked = await t.call({
    method: 'POST',
    url: '/api/bookings',
    token: tokens.student,
    payload: { sessionId },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(booked.statusCode).toBe(201);
  const paid = await t.call({
    method: 'POST',
    url: '/api/payments',
    token: tokens.Teller,
    payload: { bookingId: booked.json().id, method: 'cash' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(paid.statusCode).toBe(201);
  return booked.json() as { id: number; total: number };
}

/** A held seat of a student who is not the demo student's login; booked and paid for by `corporateId` when given. */
async function someoneElsesBooking(sessionId: number, corporateId?: number) {
  const [student] = await insertStudents(t, 1, { corporateId });
  const booking = await newBooking(t, { sessionId, studentId: student?.id });
  if (corporateId === undefined) return booking;
  await t.db.update(bookings).set({ corporateId, channel: 'corporate' }).where(eq(bookings.id, booking.id));
  return booking;
}

describe('POST /api/bookings/:id/move', () => {
  it('moves a paid booking to another session of its course: seats follow, price, payments and invoices stay, history says so; a replay changes nothing', async () => {
    const from = await insertSession(t);
    const to = await insertSession(t, { startsAt: new Date(Date.now() + 3 * 86_400_000) });
    const booking = await paidBooking(from.id);
    const key = randomUUID();
    const moved = await move(booking.id, to.id, tokens.student, key);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      id: booking.id,
      sessionId: to.id,
      fromSessionId: from.id,
      message: 'The booking is moved to the new session.',
    });
    expect(await seatsTakenOf(t, from.id)).toBe(0);
    expect(await seatsTakenOf(t, to.id)).toBe(1);
    const replay = await move(booking.id, to.id, tokens.student, key);
    expect(replay.json()).toEqual(moved.json());
    expect(await seatsTakenOf(t, to.id)).toBe(1);

    const detail = (
      await t.call({ method: 'GET', url: `/api/bookings/${booking.id}`, token: tokens.student })
    ).json();
    expect(detail).toMatchObject({
      sessionId: to.id,
      status: 'Booked',
      total: booking.total,
      amountPaid: booking.total,
    });
    expect(detail.payments).toHaveLength(1);
    expect(detail.documents).toMatchObject([{ kind: 'invoice' }]);
    expect(detail.history.map((entry: { event: string }) => entry.event)).toEqual([
      'booked',
      'paid',
      'moved',
    ]);
  });

  it('lets the paying corporate and a teller of the branch move; a teller not into another branch', async () => {
    const corporateId = await demoCorporateId(t);
    const from = await insertSession(t);
    const to = await insertSession(t);
    const corporateBooking = await someoneElsesBooking(from.id, corporateId);
    expect((await move(corporateBooking.id, to.id, tokens.corporate)).statusCode).toBe(200);
    expect((await move(corporateBooking.id, from.id, tokens.Teller)).statusCode).toBe(200);
    const elsewhere = await insertSession(t, { branch: 'JED-01' });
    expect((await move(corporateBooking.id, elsewhere.id, tokens.Teller)).statusCode).toBe(404);
    expect(await seatsTakenOf(t, elsewhere.id)).toBe(0);
  });

  it('two bookings moving at once into the last seat: one moves, the other is told the session is full', async () => {
    const from = await insertSession(t);
    const last = await insertSession(t, { capacity: 1 });
    const first = await someoneElsesBooking(from.id);
    const second = await someoneElsesBooking(from.id);
    const answers = await Promise.all(
      [first, second].map((booking) => move(booking.id, last.id, tokens.Teller)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('SESSION_FULL');
    expect(await seatsTakenOf(t, last.id)).toBe(1);
    expect(await seatsTakenOf(t, from.id)).toBe(1);
  });

  it('refuses callers who may not change the booking', async () => {
    const from = await insertSession(t);
    const to = await insertSession(t);
    const others = await someoneElsesBooking(from.id);
    expect((await move(others.id, to.id)).statusCode).toBe(401);
    // Another's booking is refused before the missing Idempotency-Key is asked for (decision 0027).
    expect((await move(others.id, to.id, tokens.student, null)).statusCode).toBe(404);
    expect((await move(others.id, to.id, tokens.student)).statusCode).toBe(404);
    expect((await move(others.id, to.id, tokens.corporate)).statusCode).toBe(404);
    const otherCorporates = await someoneElsesBooking(from.id, (await insertCorporate()).id);
    expect((await move(otherCorporates.id, to.id, tokens.corporate)).statusCode).toBe(404);
    const instructor = await move(others.id, to.id, tokens.Instructor);
    expect(instructor.statusCode).toBe(403);
    expect((await move(others.id, to.id, tokens.CFO)).statusCode).toBe(403);
    expect(await seatsTakenOf(t, to.id)).toBe(0);
  });

  it('says why a move cannot be made: started, other course, full, same session, status', async () => {
    const codeOf = async (id: number, sessionId: number) => {
      const response = await move(id, sessionId, tokens.Teller);
      expect(response.statusCode).toBe(409);
      return response.json().code;
    };
    const open = await insertSession(t);
    const started = await insertSession(t, { startsAt: new Date(Date.now() - 60_000) });
    const lateBooking = await someoneElsesBooking(started.id);
    expect(await codeOf(lateBooking.id, open.id)).toBe('BOOKING_MOVE_TOO_LATE');

    const booking = await someoneElsesBooking((await insertSession(t)).id);
    const startedTarget = await insertSession(t, { startsAt: new Date(Date.now() - 60_000) });
    expect(await codeOf(booking.id, startedTarget.id)).toBe('SESSION_NOT_BOOKABLE');
    const full = await insertSession(t, { capacity: 1, seatsTaken: 1 });
    expect(await codeOf(booking.id, full.id)).toBe('SESSION_FULL');
    expect(await codeOf(booking.id, booking.sessionId)).toBe('MOVE_TO_SAME_SESSION');
    expect(await codeOf(booking.id, (await otherCourseSession(open.id)).id)).toBe('MOVE_TO_OTHER_COURSE');
    expect((await move(booking.id, 999_999, tokens.Teller)).statusCode).toBe(404);

    await t.db.update(bookings).set({ status: 'Cancelled' }).where(eq(bookings.id, booking.id));
    expect(await codeOf(booking.id, open.id)).toBe('BOOKING_NOT_MOVABLE');
  });
});

/** Another corporate, with no login: its bookings are nobody's here. */
async function insertCorporate() {
  const [owner] = await insertStudents(t, 1);
  const [user] = await t.db
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, owner?.id ?? -1));
  const [row] = await t.db
    .insert(corporates)
    .values({
      userId: user?.userId ?? -1,
      crNumber: `8${Date.now()}`.slice(0, 10),
      nameEn: 'Move Co',
      nameAr: 'شركة النقل',
    })
    .returning({ id: corporates.id });
  if (!row) throw new Error('corporate not inserted');
  return row;
}

/** A session like `sessionId` but of another course. */
async function otherCourseSession(sessionId: number) {
  const [session] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, sessionId));
  const [course] = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(ne(courses.id, session?.courseId ?? -1))
    .limit(1);
  if (!session || !course) throw new Error('no second course');
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = session;
  const [row] = await t.db
    .insert(scheduledSessions)
    .values({ ...rest, courseId: course.id, seatsTaken: 0 })
    .returning({ id: scheduledSessions.id });
  if (!row) throw new Error('session not inserted');
  return row;
}
