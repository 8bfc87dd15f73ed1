import { randomUUID } from 'node:crypto';
import type { MyExam } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  certificates,
  courses,
  examAttempts,
  examCheckinPhotos,
  examCheckins,
  exams,
  files,
  scheduledSessions,
  students,
  users,
} from '../../../db/schema/index.ts';
import { demoEmailOf } from '../../../seed/demo-users.ts';
import { branchIdOf, tokenOf } from '../../../test/accounts.ts';
import { statedFor } from '../../../test/certificates.ts';
import { demoCorporateId, PRICE } from '../../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

const HOUR = 3_600_000;
const PASSWORD = 'Tasreeh@2026';

let t: TestApp;
let examCourseId: number;
let otherCourseId: number;
let branchId: number;
let bookedByUserId: number;
let corporateToken: string;
let corporateId: number;

/** A student of its own (so the seeded bookings of the demo student are not in the way) who can log in. */
async function newCandidate(label: string, corporate?: number) {
  const [demo] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('student')));
  if (!demo) throw new Error('no demo student');
  const email = `my-exams-${label}-${process.pid}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({
      type: 'student',
      email,
      nameEn: `Candidate ${label}`,
      nameAr: 'مرشح',
      idNumber: `ME${process.pid}${label}`.slice(0, 20),
      passwordHash: demo.passwordHash,
    })
    .returning();
  if (!user) throw new Error('no user');
  const [student] = await t.db
    .insert(students)
    .values({ userId: user.id, corporateId: corporate ?? null })
    .returning();
  if (!student) throw new Error('no student');
  return { studentId: student.id, token: await tokenOf(t, email, PASSWORD) };
}

let minuteSeed = 0;
/** An exam session starting `startsInHours` from now, one hour long (in the past when negative). */
async function examSession(
  startsInHours: number,
  options: { courseId?: number; examType?: 'Assessment' | 'ReAssessment' | 'ReTake' } = {},
) {
  minuteSeed++;
  const startsAt = new Date(Date.now() + startsInHours * HOUR + minuteSeed * 1000);
  const [row] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType: options.examType ?? 'Assessment',
      courseId: options.courseId ?? examCourseId,
      branchId,
      delivery: 'remote',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      capacity: 50,
    })
    .returning();
  if (!row) throw new Error('no session');
  return row;
}

async function book(
  studentId: number,
  sessionId: number,
  status: 'Booked' | 'Pending Payment' | 'Cancelled' = 'Booked',
) {
  const [row] = await t.db
    .insert(bookings)
    .values({
      sessionId,
      studentId,
      channel: 'student',
      status,
      ...PRICE,
      amountPaid: status === 'Booked' ? PRICE.total : 0,
      bookedByUserId,
    })
    .returning();
  if (!row) throw new Error('no booking');
  return row;
}

async function attempt(
  bookingId: number,
  studentId: number,
  sessionId: number,
  outcome?: { score: number; result: 'Passed' | 'Failed' },
) {
  const [exam] = await t.db.select().from(exams).where(eq(exams.courseId, examCourseId));
  if (!exam) throw new Error('no exam');
  const startedAt = new Date(Date.now() - 10 * 60_000);
  const [row] = await t.db
    .insert(examAttempts)
    .values({
      bookingId,
      examId: exam.id,
      sessionId,
      studentId,
      language: 'en',
      startedAt,
      endsAt: new Date(startedAt.getTime() + HOUR),
      ...(outcome
        ? {
            status: 'submitted',
            submittedAt: new Date(),
            submittedBy: 'candidate',
            decidedAt: new Date(),
            ...outcome,
          }
        : {}),
    })
    .returning();
  if (!row) throw new Error('no attempt');
  return row;
}

function list(token: string, query = '') {
  return t.call({ method: 'GET', url: `/api/my-exams${query ? `?${query}` : ''}`, token });
}
async function items(token: string, query = ''): Promise<MyExam[]> {
  const response = await list(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: MyExam[] }>().items;
}
const ids = (rows: MyExam[]) => rows.map((row) => row.bookingId);

let alice: { studentId: number; token: string };
let bob: { studentId: number; token: string };
let worker: { studentId: number; token: string };
const booking = {} as Record<
  | 'soon'
  | 'started'
  | 'later'
  | 'unpaid'
  | 'ended'
  | 'submitted'
  | 'cancelled'
  | 'bobs'
  | 'workers'
  | 'retake',
  number
>;
let submittedAttemptId: number;
let certificateId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const courseRows = await t.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(2);
  examCourseId = courseRows[0]?.id ?? -1;
  otherCourseId = courseRows[1]?.id ?? -1;
  branchId = await branchIdOf(t, 'RUH-01');
  const [anyUser] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  bookedByUserId = anyUser?.id ?? -1;
  corporateId = await demoCorporateId(t);
  corporateToken = (await t.loginAs('corporate')).token;

  alice = await newCandidate('alice');
  bob = await newCandidate('bob');
  worker = await newCandidate('worker', corporateId);

  const soon = await examSession(3);
  booking.soon = (await book(alice.studentId, soon.id)).id;
  const started = await examSession(-0.25);
  booking.started = (await book(alice.studentId, started.id)).id;
  await attempt(booking.started, alice.studentId, started.id);
  const later = await examSession(72, { courseId: otherCourseId });
  booking.later = (await book(alice.studentId, later.id)).id;
  const unpaid = await examSession(2);
  booking.unpaid = (await book(alice.studentId, unpaid.id, 'Pending Payment')).id;
  const ended = await examSession(-5);
  booking.ended = (await book(alice.studentId, ended.id)).id;
  const submitted = await examSession(-0.5);
  booking.submitted = (await book(alice.studentId, submitted.id)).id;
  const done = await attempt(booking.submitted, alice.studentId, submitted.id, {
    score: 80,
    result: 'Passed',
  });
  submittedAttemptId = done.id;
  const [certificate] = await t.db
    .insert(certificates)
    .values({
      serial: `TEST-${process.pid}`,
      attemptId: done.id,
      studentId: alice.studentId,
      courseId: examCourseId,
      score: 80,
      validUntil: '2027-11-26',
      signature: 'x',
      ...(await statedFor(t.db, alice.studentId, examCourseId)),
    })
    .returning();
  certificateId = certificate?.id ?? -1;
  const cancelled = await examSession(4);
  booking.cancelled = (await book(alice.studentId, cancelled.id, 'Cancelled')).id;
  const retake = await examSession(96, { examType: 'ReTake' });
  booking.retake = (await book(alice.studentId, retake.id)).id;

  booking.bobs = (await book(bob.studentId, soon.id)).id;
  booking.workers = (await book(worker.studentId, soon.id)).id;
  // A training session is never an exam.
  const [training] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: examCourseId,
      branchId,
      delivery: 'remote',
      language: 'en',
      startsAt: new Date(Date.now() + HOUR),
      endsAt: new Date(Date.now() + 2 * HOUR),
      capacity: 5,
    })
    .returning();
  await book(alice.studentId, training?.id ?? -1);
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/my-exams (the candidate's tabs)", () => {
  it('puts each live exam booking in exactly one tab by the server clock', async () => {
    expect(ids(await items(alice.token, 'tab=available'))).toEqual([booking.started, booking.soon]);
    expect(ids(await items(alice.token, 'tab=upcoming'))).toEqual([
      booking.unpaid,
      booking.later,
      booking.retake,
    ]);
    expect(ids(await items(alice.token, 'tab=past&order=desc'))).toEqual([booking.submitted, booking.ended]);
  });

  it('is the available tab by default, with the session, check-in and attempt of each row', async () => {
    const rows = await items(alice.token);
    const started = rows.find((row) => row.bookingId === booking.started);
    expect(started).toMatchObject({
      bookingStatus: 'Booked',
      examType: 'Assessment',
      courseId: examCourseId,
      checkinComplete: false,
      session: { delivery: 'remote', classroom: null },
      attempt: { status: 'in_progress', score: null, result: null, certificateId: null },
    });
    expect(rows.find((row) => row.bookingId === booking.soon)?.attempt).toBeNull();
  });

  it('shows a submitted attempt with its score, result and certificate', async () => {
    const [row] = (await items(alice.token, 'tab=past')).filter((r) => r.bookingId === booking.submitted);
    expect(row?.attempt).toEqual({
      id: submittedAttemptId,
      status: 'submitted',
      score: 80,
      result: 'Passed',
      certificateId,
    });
  });

  it("hides the score when the exam's review setting is none", async () => {
    await t.db.update(exams).set({ review: 'none' }).where(eq(exams.courseId, examCourseId));
    try {
      const [row] = (await items(alice.token, 'tab=past')).filter((r) => r.bookingId === booking.submitted);
      expect(row?.attempt).toMatchObject({ score: null, result: null });
    } finally {
      await t.db.update(exams).set({ review: 'score' }).where(eq(exams.courseId, examCourseId));
    }
  });

  it('counts a check-in complete once the ID number is checked and the Remote photos are taken', async () => {
    const [photo] = await t.db
      .insert(files)
      .values({
        id: randomUUID(),
        kind: 'checkin-photo',
        storageKey: `my-exams-${process.pid}`,
        mimeType: 'image/jpeg',
        sizeBytes: 1,
        sha256: 'x',
      })
      .returning();
    await t.db.insert(examCheckins).values({ bookingId: booking.soon, idNumberCheckedAt: new Date() });
    await t.db
      .insert(examCheckinPhotos)
      .values({ bookingId: booking.soon, kind: 'live', fileId: photo?.id ?? '' });
    // Remote: the live photo alone is not enough.
    const before = (await items(alice.token)).find((row) => row.bookingId === booking.soon);
    expect(before?.checkinComplete).toBe(false);
    await t.db.insert(examCheckinPhotos).values(
      (['id', 'room-front', 'room-back', 'room-left', 'room-right'] as const).map((kind) => ({
        bookingId: booking.soon,
        kind,
        fileId: photo?.id ?? '',
      })),
    );
    const after = (await items(alice.token)).find((row) => row.bookingId === booking.soon);
    expect(after?.checkinComplete).toBe(true);
  });

  it("never shows a student another student's rows, even when asked by studentId", async () => {
    expect(ids(await items(bob.token))).toEqual([booking.bobs]);
    expect(await items(bob.token, `studentId=${alice.studentId}`)).toEqual([]);
    for (const tab of ['available', 'upcoming', 'past']) {
      const rows = await items(bob.token, `tab=${tab}`);
      expect(rows.every((row) => row.student.id === bob.studentId)).toBe(true);
    }
  });

  it("shows a corporate its own students' exams only, narrowed by studentId", async () => {
    const rows = await items(corporateToken);
    expect(ids(rows)).toContain(booking.workers);
    expect(ids(rows)).not.toContain(booking.soon);
    expect(ids(rows)).not.toContain(booking.bobs);
    expect(ids(await items(corporateToken, `studentId=${worker.studentId}`))).toEqual([booking.workers]);
    expect(await items(corporateToken, `studentId=${alice.studentId}`)).toEqual([]);
  });

  it('refuses staff and anonymous callers', async () => {
    const admin = (await t.loginAs('super admin')).token;
    expect((await list(admin)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/my-exams' })).statusCode).toBe(401);
  });

  it('filters by course, exam type and session dates', async () => {
    expect(ids(await items(alice.token, `tab=upcoming&courseId=${otherCourseId}`))).toEqual([booking.later]);
    expect(ids(await items(alice.token, 'tab=upcoming&examType=ReTake'))).toEqual([booking.retake]);
    const inFourDays = new Date(Date.now() + 96 * HOUR + 3 * HOUR).toISOString().slice(0, 10);
    expect(ids(await items(alice.token, `tab=upcoming&from=${inFourDays}`))).toEqual([booking.retake]);
    expect(await items(alice.token, 'tab=upcoming&to=2020-01-01')).toEqual([]);
  });

  it('pages with a cursor and counts per tab', async () => {
    const first = await list(alice.token, 'tab=upcoming&limit=2');
    const page = first.json<{ items: MyExam[]; nextCursor: string | null }>();
    expect(ids(page.items)).toEqual([booking.unpaid, booking.later]);
    expect(page.nextCursor).not.toBeNull();
    const second = await items(
      alice.token,
      `tab=upcoming&limit=2&cursor=${encodeURIComponent(page.nextCursor ?? '')}`,
    );
    expect(ids(second)).toEqual([booking.retake]);
    const count = await t.call({
      method: 'GET',
      url: '/api/my-exams/count?tab=upcoming',
      token: alice.token,
    });
    expect(count.json()).toEqual({ total: 3, capped: false });
    const none = await t.call({
      method: 'GET',
      url: '/api/my-exams/count?tab=upcoming&examType=ReAssessment',
      token: alice.token,
    });
    expect(none.json()).toEqual({ total: 0, capped: false });
  });

  it('refuses garbage and NUL bytes with 400', async () => {
    for (const query of [
      'tab=later',
      'tab=available%00',
      'courseId=1%00',
      'examType=Exam',
      'from=2026-13-40',
      'studentId=abc',
      'cursor=garbage',
      'limit=1000',
      'unknown=1',
      'search=abc',
    ]) {
      const response = await list(alice.token, query);
      expect(response.statusCode, query).toBe(400);
    }
  });
});
