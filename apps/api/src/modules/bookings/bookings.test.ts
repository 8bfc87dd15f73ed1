import { randomUUID } from 'node:crypto';
import { computeFees, type UserType } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, corporates, courses, feeSetups, students } from '../../db/schema/index.ts';
import { jobsOf, jobsSettled, makeDueNow } from '../../test/jobs.ts';
import { insertSession, insertStudents, seatsTakenOf } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { HOLD_EXPIRY, sweepExpiredHolds } from './hold-expiry.ts';

let t: TestApp;
const ACTORS = ['student', 'corporate', 'Teller', 'super admin', 'branch admin', 'Instructor'] as const;
const tokens = {} as Record<(typeof ACTORS)[number], string>;
let corporateId: number;
let ownStudentIds: number[];
let otherCorporateStudentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ACTORS) tokens[type] = (await t.loginAs(type)).token;
  const corporateUser = await t.loginAs('corporate');
  const [corporate] = await t.db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.userId, corporateUser.userId));
  if (!corporate) throw new Error('no demo corporate');
  corporateId = corporate.id;
  ownStudentIds = (await insertStudents(t, 6, { corporateId })).map((row) => row.id);
  const [other] = await t.db
    .insert(corporates)
    .values({
      userId: await anotherUserId(),
      crNumber: `9${Date.now()}`.slice(0, 10),
      nameEn: 'Other Co',
      nameAr: 'شركة أخرى',
    })
    .returning({ id: corporates.id });
  otherCorporateStudentId = (await insertStudents(t, 1, { corporateId: other?.id }))[0]?.id ?? -1;
});
afterAll(async () => {
  await t.close();
});

/** A user row to own a second corporate (any user fits its foreign key). */
async function anotherUserId() {
  const [row] = await insertStudents(t, 1);
  const [student] = await t.db
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, row?.id ?? -1));
  return student?.userId ?? -1;
}

function book(
  token: string | undefined,
  payload: Record<string, unknown>,
  key: string | null = randomUUID(),
  lang?: 'en' | 'ar',
) {
  return t.call({
    method: 'POST',
    url: '/api/bookings',
    token,
    lang,
    payload,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

function batch(token: string, payload: Record<string, unknown>, key = randomUUID()) {
  return t.call({
    method: 'POST',
    url: '/api/bookings/batch',
    token,
    payload,
    headers: { 'idempotency-key': key },
  });
}

const get = (token: string | undefined, url: string) => t.call({ method: 'GET', url, token });

describe('a student books a seat', () => {
  it('holds the seat 15 minutes at the price of the course fee setup; a replay returns the same booking', async () => {
    const session = await insertSession(t);
    const key = randomUUID();
    const response = await book(tokens.student, { sessionId: session.id }, key);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'Pending Payment',
      sessionId: session.id,
      channel: 'student',
      amountPaid: 0,
    });
    expect(body.number).toMatch(/^BK-\d{7}$/);
    expect(body.message).toBe('Your seat is held for 15 minutes until payment.');
    const minutes = (new Date(body.holdExpiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    const [fees] = await t.db
      .select()
      .from(courses)
      .innerJoin(feeSetups, eq(feeSetups.id, courses.feeSetupId))
      .where(eq(courses.id, session.courseId));
    if (!fees) throw new Error('no fee setup');
    const setup = fees.fee_setups;
    const expected = computeFees({
      originalFee: setup.originalFee,
      amanaFee:
        setup.amanaFeeKind === 'amount'
          ? { kind: 'amount', amount: setup.amanaFee }
          : { kind: 'percent', rate: setup.amanaFee },
      vatRate: setup.vatRate,
      vatOnOriginal: setup.vatOnOriginal,
      vatOnAmana: setup.vatOnAmana,
    });
    expect(body).toMatchObject({
      originalFee: expected.originalFee,
      amanaFee: expected.amanaFee,
      vat: expected.vat,
      total: expected.total,
    });
    expect(await seatsTakenOf(t, session.id)).toBe(1);

    const replay = await book(tokens.student, { sessionId: session.id }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(body.id);
    expect(await seatsTakenOf(t, session.id)).toBe(1);
    const reused = await book(tokens.student, { sessionId: (await insertSession(t)).id }, key);
    expect(reused.statusCode).toBe(422);
  });

  it('refuses the same student twice in one session with a clear 409, and frees nothing', async () => {
    const session = await insertSession(t);
    expect((await book(tokens.student, { sessionId: session.id })).statusCode).toBe(201);
    const again = await book(tokens.student, { sessionId: session.id }, randomUUID(), 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_BOOKED',
      message: 'لدى هذا المتدرب حجز في هذه الجلسة بالفعل.',
    });
    expect(await seatsTakenOf(t, session.id)).toBe(1);
  });

  it('refuses a full, a started, a cancelled and an unknown session', async () => {
    const full = await insertSession(t, { capacity: 2, seatsTaken: 2 });
    const fullAnswer = await book(tokens.student, { sessionId: full.id });
    expect(fullAnswer.statusCode).toBe(409);
    expect(fullAnswer.json()).toMatchObject({ code: 'SESSION_FULL', message: 'This session is full.' });
    const started = await insertSession(t, { startsAt: new Date(Date.now() - 60_000) });
    expect((await book(tokens.student, { sessionId: started.id })).json().code).toBe('SESSION_NOT_BOOKABLE');
    const cancelled = await insertSession(t, { status: 'cancelled' });
    expect((await book(tokens.student, { sessionId: cancelled.id })).json().code).toBe(
      'SESSION_NOT_BOOKABLE',
    );
    expect((await book(tokens.student, { sessionId: 2_000_000_000 })).statusCode).toBe(404);
    expect(await seatsTakenOf(t, full.id)).toBe(2);
  });

  it('refuses bad input, a missing key and a student naming another student', async () => {
    const session = await insertSession(t);
    expect((await book(tokens.student, { sessionId: session.id }, null)).json().code).toBe(
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    for (const payload of [
      {},
      { sessionId: 'abc' },
      { sessionId: session.id, branchId: 1 },
      { sessionId: `${session.id}\u0000` },
      { sessionId: session.id, studentId: ownStudentIds[0] },
    ]) {
      const response = await book(tokens.student, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await book(undefined, { sessionId: session.id })).statusCode).toBe(401);
    expect(await seatsTakenOf(t, session.id)).toBe(0);
  });
});

describe('a teller books at the counter; other staff may not', () => {
  it('books a student found by the teller, in its branch sessions only', async () => {
    const session = await insertSession(t);
    const [student] = await insertStudents(t, 1);
    expect((await book(tokens.Teller, { sessionId: session.id })).json().code).toBe('SELECT_STUDENT');
    const response = await book(tokens.Teller, { sessionId: session.id, studentId: student?.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      channel: 'counter',
      studentId: student?.id,
      status: 'Pending Payment',
    });
    const jeddah = await insertSession(t, { branch: 'JED-01' });
    expect((await book(tokens.Teller, { sessionId: jeddah.id, studentId: student?.id })).statusCode).toBe(
      404,
    );
    expect(await seatsTakenOf(t, jeddah.id)).toBe(0);
  });

  it.each(['super admin', 'branch admin', 'Instructor'] as const)(
    'gives %s "only a teller may add a booking"',
    async (type: UserType) => {
      const session = await insertSession(t);
      const [student] = await insertStudents(t, 1);
      const response = await book(tokens[type as keyof typeof tokens], {
        sessionId: session.id,
        studentId: student?.id,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'ONLY_TELLER_MAY_BOOK',
        message: 'only a teller may add a booking',
      });
      expect(await seatsTakenOf(t, session.id)).toBe(0);
    },
  );

  it('refuses a student on hold with a clear message', async () => {
    const session = await insertSession(t);
    const [held] = await insertStudents(t, 1, { onHold: true });
    const response = await book(tokens.Teller, { sessionId: session.id, studentId: held?.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'STUDENT_ON_HOLD',
      message: 'This student is on hold and cannot be booked.',
    });
    expect(await seatsTakenOf(t, session.id)).toBe(0);
  });
});

describe('a corporate books its students', () => {
  it('books one of its own students, and not another corporate’s (404)', async () => {
    const session = await insertSession(t);
    const own = await book(tokens.corporate, { sessionId: session.id, studentId: ownStudentIds[0] });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ channel: 'corporate', corporateId });
    expect(
      (await book(tokens.corporate, { sessionId: session.id, studentId: otherCorporateStudentId }))
        .statusCode,
    ).toBe(404);
    expect((await book(tokens.corporate, { sessionId: session.id })).statusCode).toBe(400);
  });

  it('books many at once, deferred: all Booked with nothing paid, one batch', async () => {
    const session = await insertSession(t);
    const ids = ownStudentIds.slice(1, 4);
    const response = await batch(tokens.corporate, {
      sessionId: session.id,
      studentIds: ids,
      paymentTiming: 'Deferred',
      paymentType: 'partial',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('3 bookings were made.');
    expect(body.items).toHaveLength(3);
    for (const item of body.items) {
      expect(item).toMatchObject({
        status: 'Booked',
        amountPaid: 0,
        holdExpiresAt: null,
        batchId: body.batchId,
        paymentTiming: 'Deferred',
        paymentType: 'partial',
      });
    }
    expect(await seatsTakenOf(t, session.id)).toBe(3);
  });

  it('books immediate ones on hold', async () => {
    const session = await insertSession(t);
    const response = await batch(tokens.corporate, {
      sessionId: session.id,
      studentIds: ownStudentIds.slice(1, 3),
      paymentTiming: 'Immediate',
      paymentType: 'full',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().items.map((item: { status: string }) => item.status)).toEqual([
      'Pending Payment',
      'Pending Payment',
    ]);
  });

  it('books all or none: seats short, a foreign student or a held one change nothing', async () => {
    const session = await insertSession(t, { capacity: 4, seatsTaken: 2 });
    const short = await batch(tokens.corporate, {
      sessionId: session.id,
      studentIds: ownStudentIds.slice(0, 3),
      paymentTiming: 'Deferred',
      paymentType: 'full',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'NOT_ENOUGH_SEATS',
      message: 'Not enough seats are left in this session (seats left: 2); no booking was made.',
    });
    const foreign = await batch(tokens.corporate, {
      sessionId: session.id,
      studentIds: [ownStudentIds[0], otherCorporateStudentId],
      paymentTiming: 'Deferred',
      paymentType: 'full',
    });
    expect(foreign.statusCode).toBe(404);
    const [held] = await insertStudents(t, 1, { corporateId, onHold: true });
    const onHold = await batch(tokens.corporate, {
      sessionId: session.id,
      studentIds: [ownStudentIds[0], held?.id],
      paymentTiming: 'Deferred',
      paymentType: 'full',
    });
    expect(onHold.json().code).toBe('STUDENT_ON_HOLD');
    expect(await seatsTakenOf(t, session.id)).toBe(2);
    expect(await t.db.select().from(bookings).where(eq(bookings.sessionId, session.id))).toHaveLength(0);
  });

  it('refuses the batch to anyone but a corporate, and bad batches', async () => {
    const session = await insertSession(t);
    const payload = {
      sessionId: session.id,
      studentIds: [ownStudentIds[0]],
      paymentTiming: 'Deferred',
      paymentType: 'full',
    };
    expect((await batch(tokens.Teller, payload)).statusCode).toBe(403);
    expect((await batch(tokens.student, payload)).statusCode).toBe(403);
    expect((await batch(tokens.corporate, { ...payload, studentIds: [] })).statusCode).toBe(400);
    expect(
      (await batch(tokens.corporate, { ...payload, studentIds: [ownStudentIds[0], ownStudentIds[0]] }))
        .statusCode,
    ).toBe(400);
    expect((await batch(tokens.corporate, { ...payload, paymentTiming: 'Later' })).statusCode).toBe(400);
  });
});

describe('the hold expiry', () => {
  it('expires an unpaid hold at its time through its job, gives the seat back, and lets the student book again', async () => {
    const session = await insertSession(t);
    const [student] = await insertStudents(t, 1);
    const held = (await book(tokens.Teller, { sessionId: session.id, studentId: student?.id })).json();
    const fresh = (
      await book(tokens.Teller, { sessionId: session.id, studentId: (await insertStudents(t, 1))[0]?.id })
    ).json();
    // Each hold queued its expiry, due just after the hold runs out.
    const queued = (await jobsOf(t, HOLD_EXPIRY)).filter((job) =>
      [held.id, fresh.id].some((id) => job.data.bookingIds.includes(id)),
    );
    expect(queued).toHaveLength(2);
    for (const job of queued) {
      expect(job.startAfter.getTime()).toBeGreaterThanOrEqual(new Date(held.holdExpiresAt).getTime());
    }
    // Time passes for the first hold and for every hold's job; the runner does the rest.
    await t.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, held.id));
    await makeDueNow(t, HOLD_EXPIRY);
    await jobsSettled(t, HOLD_EXPIRY);
    expect(await seatsTakenOf(t, session.id)).toBe(1);
    const detail = (await get(tokens.Teller, `/api/bookings/${held.id}`)).json();
    expect(detail.status).toBe('Expired');
    expect(detail.history.map((entry: { action: string }) => entry.action)).toEqual([
      'booking.create',
      'booking.expire',
    ]);
    expect((await get(tokens.Teller, `/api/bookings/${fresh.id}`)).json().status).toBe('Pending Payment');
    expect(await sweepExpiredHolds(t.db)).toBe(0);
    expect((await book(tokens.Teller, { sessionId: session.id, studentId: student?.id })).statusCode).toBe(
      201,
    );
  });
});

describe('bookable courses', () => {
  it('lists active courses with their price to students, corporates, tellers and staff with read_9', async () => {
    const answer = await get(tokens.student, '/api/bookings/courses');
    expect(answer.statusCode).toBe(200);
    const basics = answer
      .json()
      .items.find((course: { nameEn: string }) => course.nameEn === 'Food Safety Basics');
    expect(basics.total).toBeGreaterThan(0);
    expect((await get(tokens.corporate, '/api/bookings/courses')).statusCode).toBe(200);
    expect((await get(tokens.Teller, '/api/bookings/courses')).statusCode).toBe(200);
    expect((await get(tokens['super admin'], '/api/bookings/courses')).statusCode).toBe(200);
    expect((await get(tokens.Instructor, '/api/bookings/courses')).statusCode).toBe(403);
    expect((await get(undefined, '/api/bookings/courses')).statusCode).toBe(401);
  });
});

describe('reading bookings', () => {
  it('shows each caller its own, staff their branch, and 404 for another owner’s booking', async () => {
    const ruh = await insertSession(t);
    const jed = await insertSession(t, { branch: 'JED-01' });
    const mine = (await book(tokens.student, { sessionId: ruh.id })).json();
    const corporateOne = (
      await book(tokens.corporate, { sessionId: jed.id, studentId: ownStudentIds[5] })
    ).json();

    const detail = await get(tokens.student, `/api/bookings/${mine.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: mine.id,
      status: 'Pending Payment',
      session: { id: ruh.id, courseNameEn: 'Food Safety Basics' },
      student: { id: mine.studentId },
    });
    expect((await get(tokens.student, `/api/bookings/${corporateOne.id}`)).statusCode).toBe(404);
    expect((await get(tokens.corporate, `/api/bookings/${mine.id}`)).statusCode).toBe(404);
    expect((await get(tokens.corporate, `/api/bookings/${corporateOne.id}`)).statusCode).toBe(200);
    expect((await get(tokens.Teller, `/api/bookings/${corporateOne.id}`)).statusCode).toBe(404);
    expect((await get(tokens['super admin'], `/api/bookings/${corporateOne.id}`)).statusCode).toBe(200);
    expect((await get(tokens.Instructor, `/api/bookings/${mine.id}`)).statusCode).toBe(403);
    expect((await get(undefined, `/api/bookings/${mine.id}`)).statusCode).toBe(401);
    expect((await get(tokens.student, '/api/bookings/abc')).statusCode).toBe(400);

    const studentList = (await get(tokens.student, '/api/bookings?limit=100')).json();
    expect(studentList.items.every((item: { studentId: number }) => item.studentId === mine.studentId)).toBe(
      true,
    );
    const corporateList = (await get(tokens.corporate, `/api/bookings?sessionId=${jed.id}`)).json();
    expect(corporateList.items.map((item: { id: number }) => item.id)).toEqual([corporateOne.id]);
    const tellerList = (await get(tokens.Teller, `/api/bookings?sessionId=${jed.id}`)).json();
    expect(tellerList.items).toEqual([]);
    expect((await get(tokens.Instructor, '/api/bookings')).statusCode).toBe(403);
    expect((await get(undefined, '/api/bookings')).statusCode).toBe(401);
  });

  it('searches by ID number and filters by status, dates, branch and course; pages by keyset; counts', async () => {
    const session = await insertSession(t, { startsAt: new Date('2031-03-10T07:00:00Z') });
    const made = [];
    for (const student of await insertStudents(t, 3)) {
      made.push((await book(tokens.Teller, { sessionId: session.id, studentId: student.id })).json());
    }
    const admin = tokens['super admin'];
    const all = (
      await get(admin, `/api/bookings?sessionId=${session.id}&limit=2&sort=createdAt&order=desc`)
    ).json();
    expect(all.items.map((item: { id: number }) => item.id)).toEqual([made[2].id, made[1].id]);
    const next = (
      await get(
        admin,
        `/api/bookings?sessionId=${session.id}&limit=2&sort=createdAt&order=desc&cursor=${all.nextCursor}`,
      )
    ).json();
    expect(next.items.map((item: { id: number }) => item.id)).toEqual([made[0].id]);
    expect(next.nextCursor).toBeNull();

    const idNumber = (await get(admin, `/api/bookings/${made[1].id}`)).json().student.idNumber;
    const found = (await get(admin, `/api/bookings?search=${idNumber}`)).json();
    expect(found.items.map((item: { id: number }) => item.id)).toEqual([made[1].id]);
    expect((await get(admin, `/api/bookings/count?search=${idNumber}`)).json()).toEqual({
      total: 1,
      capped: false,
    });

    const branchId = all.items[0].session.branchId;
    const courseId = all.items[0].session.courseId;
    const filtered = `/api/bookings/count?from=2031-03-10&to=2031-03-10&status=Pending%20Payment&branchId=${branchId}&courseId=${courseId}`;
    expect((await get(admin, filtered)).json()).toEqual({ total: 3, capped: false });
    expect((await get(admin, '/api/bookings/count?from=2031-03-11&to=2031-03-12')).json().total).toBe(0);
    expect(
      (await get(admin, '/api/bookings/count?status=Booked&from=2031-03-10&to=2031-03-10')).json().total,
    ).toBe(0);
    expect((await get(admin, '/api/bookings?status=Nope')).statusCode).toBe(400);
    expect((await get(admin, '/api/bookings?from=2031-02-30')).statusCode).toBe(400);
    expect((await get(admin, '/api/bookings?cursor=zzz')).statusCode).toBe(400);
    expect((await get(admin, '/api/bookings/count?limit=2')).statusCode).toBe(400);
  });
});
