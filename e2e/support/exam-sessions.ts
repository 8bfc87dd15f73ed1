import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount, logInThroughApi } from './accounts.ts';
import { expect } from './fixtures.ts';
import type { Language } from './language.ts';
import { addStudentThroughApi, newStudent, placementBranchId } from './students.ts';
import { uniqueDigits } from './unique.ts';

/** Exam sessions and their candidates, made through the API for the exam journeys (check-in, sitting). */

/** A Riyadh wall-clock date and HH:MM, `minutes` from now. */
export function riyadhClock(minutes: number): { date: string; time: string; at: Date } {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Riyadh',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date, time, at };
}

/**
 * An Examiner account of a test's own (an examiner is in one session at a time): `who` tells the
 * journeys' examiners apart (`checkin.examiner`, `examiner`) and names them in both languages.
 */
export async function newExaminer(
  admin: APIRequestContext,
  language: Language,
  who: { tag: string; nameEn: string; nameAr: string },
) {
  const stamp = uniqueDigits(8);
  const email = `${who.tag}.${language}.${stamp}@example.com`;
  const created = await admin.post('/api/users', {
    data: {
      nameEn: `${who.nameEn} ${stamp}`,
      nameAr: who.nameAr,
      username: `${who.tag}.${language}.${stamp}`,
      email,
      phone: `05${stamp}`,
      type: 'Examiner',
      password: DEMO_PASSWORD,
      rePassword: DEMO_PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, email };
}

/**
 * An exam session of a course with an exam in a branch, starting in about three minutes: on site
 * in a room free for the hour, or Remote with its own seat limit.
 */
async function examOpeningNow(
  admin: APIRequestContext,
  {
    branchId,
    examinerId,
    language,
    remote,
  }: { branchId: number; examinerId: number; language: Language; remote: boolean },
) {
  const options = await (await admin.get('/api/sessions/form-options')).json();
  const course = (options.courses as { id: number; hasExam: boolean }[]).find((row) => row.hasExam);
  if (!course) throw new Error('the demo has no course with an exam');
  const start = riyadhClock(3);
  // A session ends on the day it starts: near midnight it is cut at 23:59.
  const later = riyadhClock(63);
  const end = later.date === start.date ? later : { ...later, time: '23:59' };
  let place: Record<string, unknown> = { delivery: 'remote', classroomId: null, capacity: 5 };
  if (!remote) {
    // The list takes Riyadh days: the session's own (just after midnight the UTC date is the day before).
    const today = await (await admin.get(`/api/sessions?from=${start.date}&to=${start.date}`)).json();
    const busy = new Set(
      (today.items as { classroomId: number | null; startsAt: string; endsAt: string }[])
        .filter((row) => new Date(row.startsAt) < later.at && new Date(row.endsAt) > start.at)
        .map((row) => row.classroomId),
    );
    const branch = (options.branches as { id: number; rooms: { id: number }[] }[]).find(
      (row) => row.id === branchId,
    );
    // Not the first free room, which the exam sitting's English journey takes.
    const free = (branch?.rooms ?? []).filter((room) => !busy.has(room.id));
    const room = free[1] ?? free[0];
    if (!room) throw new Error('no room free in the teller’s branch to sit an exam in');
    place = { classroomId: room.id };
  }
  const created = await admin.post('/api/sessions/exam', {
    headers: { 'idempotency-key': `e2e-checkin-exam-${uniqueDigits(12)}` },
    data: {
      courseId: course.id,
      branchId,
      language,
      date: start.date,
      startTime: start.time,
      endTime: end.time,
      examType: 'Assessment',
      examinerId,
      ...place,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [id] = ((await created.json()) as { ids: number[] }).ids;
  return { id: id as number, startsAt: start.at };
}

/**
 * A candidate of this test's own: added by the teller (who texts a first password), with the
 * password changed through the API to the demo one; the teller books their seat in the session
 * and takes cash. Returns the booking, how to log in, and the candidate's API.
 */
async function paidCandidate(
  teller: APIRequestContext,
  request: APIRequestContext,
  language: Language,
  sessionId: number,
) {
  const student = newStudent(language, 'checkin');
  const studentId = await addStudentThroughApi(teller, student);
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
  const text = outbox.find((entry) => entry.to.endsWith(student.mobile.slice(-9)))?.text ?? '';
  const password = text
    .match(/password (\S+), then|المرور (\S+) ثم/)
    ?.slice(1)
    .find(Boolean);
  if (!password) throw new Error(`no first password texted to ${student.mobile}`);
  const first = await logInThroughApi(request, student.email, password);
  const changed = await request.post('/api/auth/reset-password', {
    headers: { authorization: `Bearer ${first.access_token}` },
    data: { oldPassword: password, newPassword: DEMO_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const { access_token: token } = await logInThroughApi(request, student.email, DEMO_PASSWORD);

  const booked = await teller.post('/api/bookings', {
    headers: { 'idempotency-key': `e2e-checkin-booking-${uniqueDigits(12)}` },
    data: { sessionId, studentId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { id: number }).id;
  const paid = await teller.post('/api/payments', {
    headers: { 'idempotency-key': `e2e-checkin-cash-${uniqueDigits(12)}` },
    data: { bookingId, method: 'cash' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { bookingId, studentId, student, auth: { authorization: `Bearer ${token}` } };
}

/**
 * A check-in candidate of a test's own: an examiner (made by the super admin), an exam session in
 * the teller's branch opening in about three minutes (on site in a free room, or Remote), and a
 * student added by the teller, whose seat the teller books and takes cash for. Returns the
 * session, its examiner, the booking, the student, how to call the API as them, and the teller.
 */
export async function checkInCandidate(
  { apiAs, request }: { apiAs(account: DemoAccount): Promise<APIRequestContext>; request: APIRequestContext },
  language: Language,
  { remote }: { remote: boolean },
) {
  const admin = await apiAs('superadmin');
  const teller = await apiAs('teller');
  const examiner = await newExaminer(admin, language, {
    tag: 'checkin.examiner',
    nameEn: 'Check-in Examiner',
    nameAr: 'مراقب تسجيل الحضور',
  });
  const session = await examOpeningNow(admin, {
    branchId: await placementBranchId(teller),
    examinerId: examiner.id,
    language,
    remote,
  });
  return { teller, examiner, session, ...(await paidCandidate(teller, request, language, session.id)) };
}

export type CheckInCandidate = Awaited<ReturnType<typeof checkInCandidate>>;
