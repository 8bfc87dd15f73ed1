import { randomUUID } from 'node:crypto';
import type { RetakeRow } from '@tasreeh/shared';
import { eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, courses, feeSetups, scheduledSessions } from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { courseIdOf, insertExamSession, insertResult, userIdOf } from '../../test/exam-results.ts';
import { demoStudentId } from '../../test/paid-bookings.ts';
import { atOnce } from '../../test/races.ts';
import { insertStudents, seatsTakenOf } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ACTORS = ['student', 'corporate', 'Teller', 'super admin', 'branch admin', 'Examiner'] as const;
const tokens = {} as Record<(typeof ACTORS)[number], string>;
const student = {} as Record<
  'once' | 'twice' | 'thrice' | 'recovered' | 'rebooked' | 'jeddah' | 'fresh',
  number
>;
const FUTURE = (hours: number) => new Date(Date.now() + hours * 3_600_000);

beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ACTORS) tokens[type] = (await t.loginAs(type)).token;
  const made = (await insertStudents(t, 7)).map((row) => row.id);
  [
    student.once,
    student.twice,
    student.thrice,
    student.recovered,
    student.rebooked,
    student.jeddah,
    student.fresh,
  ] = made as [number, number, number, number, number, number, number];
  await insertResult(t, { studentId: student.once, result: 'Failed', score: 42 });
  for (let i = 0; i < 2; i++) await insertResult(t, { studentId: student.twice, result: 'Failed' });
  for (let i = 0; i < 3; i++) await insertResult(t, { studentId: student.thrice, result: 'Failed' });
  await insertResult(t, { studentId: student.recovered, result: 'Failed' });
  await insertResult(t, { studentId: student.recovered, result: 'Passed' });
  for (let i = 0; i < 3; i++) await insertResult(t, { studentId: student.rebooked, result: 'Failed' });
  await insertResult(t, { studentId: student.jeddah, result: 'Failed', branch: 'JED-01' });
  // The course booked again after the third fail: a training session after the fails.
  const [training] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: await courseIdOf(t),
      branchId: await branchIdOf(t, 'RUH-01'),
      delivery: 'remote',
      language: 'en',
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() - 1_800_000),
      capacity: 5,
    })
    .returning({ id: scheduledSessions.id });
  await t.db.insert(bookings).values({
    sessionId: training?.id ?? -1,
    studentId: student.rebooked,
    channel: 'counter',
    status: 'Booked',
    originalFee: 0,
    amanaFee: 0,
    vat: 0,
    total: 0,
    bookedByUserId: await userIdOf(t, 'student'),
  });
});
afterAll(async () => {
  await t.close();
});

async function retakes(token: string, query = '') {
  const limit = query.includes('limit=') ? '' : 'limit=100';
  const response = await t.call({ method: 'GET', url: `/api/retakes?${limit}${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: RetakeRow[]; nextCursor: string | null }>();
}
function rowOf(page: { items: RetakeRow[] }, studentId: number) {
  return page.items.find((row) => row.studentId === studentId);
}

function bookRetake(token: string, payload: Record<string, unknown>, lang?: 'en' | 'ar') {
  return t.call({
    method: 'POST',
    url: '/api/retakes/bookings',
    token,
    lang,
    payload,
    headers: { 'idempotency-key': randomUUID() },
  });
}

describe('GET /api/retakes: the official rule', () => {
  it('lists who is due what: one fail a free ReAssessment, two a paid ReTake, three the course again', async () => {
    const page = await retakes(tokens['super admin']);
    expect(rowOf(page, student.once)).toMatchObject({
      fails: 1,
      due: 'ReAssessment',
      fee: 0,
      lastScore: 42,
      courseNameEn: 'Food Safety Basics',
      bookedBookingId: null,
    });
    // SAR 150 + 15 % VAT from the seeded ReTake fee setup.
    expect(rowOf(page, student.twice)).toMatchObject({ fails: 2, due: 'ReTake', fee: 17_250 });
    expect(rowOf(page, student.thrice)).toMatchObject({ fails: 3, due: 'rebook-course', fee: null });
    expect(rowOf(page, student.recovered)).toBeUndefined();
    expect(rowOf(page, student.rebooked)).toBeUndefined();
    expect(rowOf(page, student.fresh)).toBeUndefined();
    expect(rowOf(page, student.jeddah)).toMatchObject({ due: 'ReAssessment' });
  });

  it('filters by what is due, searches by ID number in Arabic-Indic digits, pages', async () => {
    const due = await retakes(tokens['super admin'], '&due=ReTake');
    expect(due.items.map((row) => row.studentId)).toContain(student.twice);
    expect(due.items.every((row) => row.due === 'ReTake')).toBe(true);
    const idNumber = rowOf(await retakes(tokens['super admin']), student.once)?.idNumber ?? '';
    const arabicDigits = idNumber.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    const search = await retakes(tokens['super admin'], `&search=${encodeURIComponent(arabicDigits)}`);
    expect(search.items.map((row) => row.studentId)).toEqual([student.once]);
    const first = await retakes(tokens['super admin'], '&limit=2&order=desc');
    expect(first.items).toHaveLength(2);
    const rest = await t.call({
      method: 'GET',
      url: `/api/retakes?limit=20&order=desc&cursor=${first.nextCursor}`,
      token: tokens['super admin'],
    });
    const next = rest.json<{ items: RetakeRow[] }>().items;
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((row) => first.items.every((seen) => seen.id > row.id))).toBe(true);
    expect(
      (await t.call({ method: 'GET', url: '/api/retakes?cursor=x', token: tokens.Teller })).statusCode,
    ).toBe(400);
  });

  it('keeps a branch to its own, refuses those without read_9', async () => {
    const branch = await retakes(tokens['branch admin']);
    expect(rowOf(branch, student.jeddah)).toBeUndefined();
    expect(rowOf(branch, student.once)).toBeDefined();
    expect(rowOf(await retakes(tokens.Teller), student.twice)).toBeDefined();
    for (const type of ['student', 'corporate', 'Examiner'] as const) {
      expect((await t.call({ method: 'GET', url: '/api/retakes', token: tokens[type] })).statusCode).toBe(
        403,
      );
    }
  });

  it('prices the ReTake from the fee setup, or SAR 150 + VAT when none is active', async () => {
    await t.db.update(feeSetups).set({ originalFee: 20_000 }).where(eq(feeSetups.service, 'retake'));
    expect(rowOf(await retakes(tokens['super admin']), student.twice)?.fee).toBe(23_000);
    await t.db.update(feeSetups).set({ active: false }).where(eq(feeSetups.service, 'retake'));
    expect(rowOf(await retakes(tokens['super admin']), student.twice)?.fee).toBe(17_250);
    await t.db
      .update(feeSetups)
      .set({ active: true, originalFee: 15_000 })
      .where(eq(feeSetups.service, 'retake'));
  });
});

describe('POST /api/retakes/bookings', () => {
  it('refuses a session of another form than the one due, with RETAKE_NOT_DUE', async () => {
    const retake = await insertExamSession(t, { examType: 'ReTake', startsAt: FUTURE(30) });
    const assessment = await insertExamSession(t, { examType: 'Assessment', startsAt: FUTURE(31) });
    const reassessment = await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(32) });
    const cases = [
      [student.once, retake.id],
      [student.once, assessment.id],
      [student.twice, reassessment.id],
      [student.thrice, retake.id],
      [student.fresh, reassessment.id],
      [student.recovered, reassessment.id],
    ] as const;
    for (const [studentId, sessionId] of cases) {
      const response = await bookRetake(tokens.Teller, { studentId, sessionId }, 'ar');
      expect(response.statusCode, `${studentId}→${sessionId}`).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'RETAKE_NOT_DUE',
        message: 'لا توجد إعادة اختبار مستحقة لهذا الطالب في هذه الدورة.',
      });
    }
    expect(await seatsTakenOf(t, retake.id)).toBe(0);
    expect(await seatsTakenOf(t, reassessment.id)).toBe(0);
  });

  it('books the ReAssessment free and at once, then refuses a second retake', async () => {
    const session = await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(40) });
    const response = await bookRetake(tokens.Teller, { studentId: student.once, sessionId: session.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'Booked',
      total: 0,
      vat: 0,
      holdExpiresAt: null,
      message: 'The free ReAssessment is booked.',
    });
    expect(await seatsTakenOf(t, session.id)).toBe(1);
    const row = rowOf(await retakes(tokens['super admin']), student.once);
    expect(row?.bookedBookingId).toBe(response.json<{ id: number }>().id);
    const other = await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(41) });
    const again = await bookRetake(tokens.Teller, { studentId: student.once, sessionId: other.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_BOOKED' });
  });

  it('holds the ReTake at the retake fee with VAT, for payment through the checkout', async () => {
    const session = await insertExamSession(t, { examType: 'ReTake', startsAt: FUTURE(50) });
    const response = await bookRetake(tokens.Teller, { studentId: student.twice, sessionId: session.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'Pending Payment',
      originalFee: 15_000,
      amanaFee: 0,
      vat: 2_250,
      total: 17_250,
      amountPaid: 0,
      message: 'Your seat is held for 15 minutes until payment.',
    });
    const pay = await t.call({
      method: 'POST',
      url: '/api/payments',
      token: tokens.Teller,
      payload: { bookingId: response.json<{ id: number }>().id, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json()).toMatchObject({ status: 'paid' });
    const [paid] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, response.json<{ id: number }>().id));
    expect(paid).toMatchObject({ status: 'Booked', amountPaid: 17_250 });
  });

  it('keeps staff to their branch and refuses those without create_9', async () => {
    const jeddah = await insertExamSession(t, {
      examType: 'ReAssessment',
      startsAt: FUTURE(60),
      branch: 'JED-01',
    });
    const response = await bookRetake(tokens.Teller, { studentId: student.jeddah, sessionId: jeddah.id });
    expect(response.statusCode).toBe(404);
    for (const type of ['student', 'corporate', 'Examiner'] as const) {
      expect(
        (await bookRetake(tokens[type], { studentId: student.jeddah, sessionId: jeddah.id })).statusCode,
      ).toBe(403);
    }
    expect((await bookRetake(tokens.Teller, { studentId: 'x\u0000', sessionId: jeddah.id })).statusCode).toBe(
      400,
    );
  });

  it("sends the retakes policy's book ability with the session check: a teller's, not an examiner's", async () => {
    const abilitiesOf = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities;
    expect((await abilitiesOf(tokens.Teller)).retakes).toEqual({ book: true });
    expect((await abilitiesOf(tokens.Examiner)).retakes).toEqual({ book: false });
  });

  it('applies the same rule when a student books itself through POST /api/bookings', async () => {
    const ownToken = tokens.student;
    const retake = await insertExamSession(t, { examType: 'ReTake', startsAt: FUTURE(70) });
    const response = await t.call({
      method: 'POST',
      url: '/api/bookings',
      token: ownToken,
      payload: { sessionId: retake.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'RETAKE_NOT_DUE' });

    // Once due, the student books its free ReAssessment itself: Booked at once, nothing to pay.
    const own = await demoStudentId(t);
    const booked = await t.db
      .select({ courseId: scheduledSessions.courseId })
      .from(bookings)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
      .where(eq(bookings.studentId, own));
    const [course] = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(notInArray(courses.id, [-1, ...booked.map((row) => row.courseId)]))
      .limit(1);
    if (!course) throw new Error('no course the demo student has no booking of');
    await insertResult(t, { studentId: own, result: 'Failed', courseId: course.id });
    const reassessment = await insertExamSession(t, {
      examType: 'ReAssessment',
      startsAt: FUTURE(71),
      courseId: course.id,
    });
    const self = await t.call({
      method: 'POST',
      url: '/api/bookings',
      token: ownToken,
      lang: 'ar',
      payload: { sessionId: reassessment.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(self.statusCode, self.body).toBe(201);
    expect(self.json()).toMatchObject({
      status: 'Booked',
      total: 0,
      holdExpiresAt: null,
      message: 'تم حجز إعادة التقييم المجانية.',
    });
  });
});

describe('moving an exam booking', () => {
  it('keeps its form: an Assessment seat cannot be moved into a ReAssessment session', async () => {
    const [mover] = await insertStudents(t, 1);
    const assessment = await insertExamSession(t, { examType: 'Assessment', startsAt: FUTURE(90) });
    const reassessment = await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(91) });
    const [booking] = await t.db
      .insert(bookings)
      .values({
        sessionId: assessment.id,
        studentId: mover?.id ?? -1,
        channel: 'counter',
        status: 'Booked',
        originalFee: 10_000,
        amanaFee: 0,
        vat: 1_500,
        total: 11_500,
        amountPaid: 11_500,
        bookedByUserId: await userIdOf(t, 'student'),
      })
      .returning({ id: bookings.id });
    const response = await t.call({
      method: 'POST',
      url: `/api/bookings/${booking?.id}/move`,
      token: tokens['super admin'],
      payload: { sessionId: reassessment.id },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'MOVE_TO_OTHER_COURSE' });
  });
});

describe('a race of retake bookings', () => {
  it('makes one booking and takes one seat, whatever the sessions', async () => {
    const [racer] = await insertStudents(t, 1);
    const studentId = racer?.id ?? -1;
    await insertResult(t, { studentId, result: 'Failed' });
    const sessions = [
      await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(80) }),
      await insertExamSession(t, { examType: 'ReAssessment', startsAt: FUTURE(81) }),
    ];
    const responses = await atOnce((index) =>
      bookRetake(tokens.Teller, { studentId, sessionId: sessions[index % 2]?.id }),
    );
    const codes = responses.map((response) =>
      response.statusCode === 201
        ? '201'
        : `${response.statusCode} ${response.json<{ code: string }>().code}`,
    );
    expect(codes.filter((code) => code === '201')).toHaveLength(1);
    for (const code of codes.filter((code) => code !== '201')) {
      expect(['409 ALREADY_BOOKED']).toContain(code);
    }
    const seats =
      (await seatsTakenOf(t, sessions[0]?.id ?? -1)) + (await seatsTakenOf(t, sessions[1]?.id ?? -1));
    expect(seats).toBe(1);
    const rows = await t.db.select().from(bookings).where(eq(bookings.studentId, studentId));
    expect(rows.filter((row) => row.status === 'Booked')).toHaveLength(1);
  });
});
