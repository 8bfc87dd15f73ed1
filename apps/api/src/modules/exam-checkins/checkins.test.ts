import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classrooms,
  examCheckinPhotos,
  examCheckins,
  files,
  scheduledSessions,
  sensitiveAccessLog,
  studentFingerprints,
  users,
} from '../../db/schema/index.ts';
import { DEMO_STUDENT_ID_NUMBER, demoEmailOf } from '../../db/seed/demo-users.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { PDF_BYTES, PNG_BYTES, putFile } from '../../test/files.ts';
import { demoStudentId, newBooking } from '../../test/paid-bookings.ts';
import { atOnce } from '../../test/races.ts';
import { insertStudents } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let student: string;
let studentId: number;
let examiner: string;
let examinerId: number;
let teller: string;
let superAdmin: string;
let corporate: string;
let cfo: string;

beforeAll(async () => {
  t = await buildTestApp();
  student = (await t.loginAs('student')).token;
  studentId = await demoStudentId(t);
  const examinerLogin = await t.loginAs('Examiner');
  examiner = examinerLogin.token;
  examinerId = examinerLogin.userId;
  teller = (await t.loginAs('Teller')).token;
  superAdmin = (await t.loginAs('super admin')).token;
  corporate = (await t.loginAs('corporate')).token;
  cfo = (await t.loginAs('CFO')).token;
});
afterAll(async () => {
  await t.close();
});

let minuteSeed = 0;

/**
 * A Booked seat of the demo student (unless told) in an exam session of the demo examiner at
 * RUH-01 starting `startsInMinutes` from now (default: 10 minutes ago, so the window is open).
 */
async function examBooking(
  options: {
    remote?: boolean;
    startsInMinutes?: number;
    studentId?: number;
    status?: 'Booked' | 'Pending Payment';
    kind?: 'exam' | 'training';
    branch?: 'RUH-01' | 'JED-01';
    examinerUserId?: number | null;
  } = {},
) {
  const remote = options.remote ?? false;
  const branchId = await branchIdOf(t, options.branch ?? 'RUH-01');
  // A room of its own, and the examiner freed from other sessions: sessions here overlap freely.
  const [room] = remote
    ? [undefined]
    : await t.db
        .insert(classrooms)
        .values({ branchId, name: `Check-in room ${randomUUID()}`, capacity: 10 })
        .returning({ id: classrooms.id });
  const examinerUserId = options.examinerUserId === undefined ? examinerId : options.examinerUserId;
  if (examinerUserId !== null) {
    await t.db
      .update(scheduledSessions)
      .set({ staffUserId: null })
      .where(eq(scheduledSessions.staffUserId, examinerUserId));
  }
  minuteSeed++;
  const startsAt = new Date(Date.now() + (options.startsInMinutes ?? -10) * 60_000 + minuteSeed);
  const [course] = await t.db.select({ id: scheduledSessions.courseId }).from(scheduledSessions).limit(1);
  const kind = options.kind ?? 'exam';
  const [session] = await t.db
    .insert(scheduledSessions)
    .values({
      kind,
      examType: kind === 'exam' ? 'Assessment' : null,
      courseId: course?.id ?? 1,
      branchId,
      classroomId: remote ? null : (room?.id ?? null),
      delivery: remote ? 'remote' : 'in_person',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      capacity: 10,
      staffUserId: examinerUserId,
    })
    .returning({ id: scheduledSessions.id });
  if (!session) throw new Error('no session');
  return newBooking(t, {
    sessionId: session.id,
    studentId: options.studentId ?? studentId,
    status: options.status ?? 'Booked',
  });
}

const getCheckin = (bookingId: number, token: string | undefined = student, lang?: 'en' | 'ar') =>
  t.call({ method: 'GET', url: `/api/exam-checkins/${bookingId}`, token, lang });

const postIdNumber = (bookingId: number, idNumber: unknown, token: string = student) =>
  t.call({
    method: 'POST',
    url: `/api/exam-checkins/${bookingId}/id-number`,
    token,
    payload: { idNumber },
  });

const putPhoto = (bookingId: number, kind: string, bytes: Buffer = PNG_BYTES, token = student) =>
  putFile(t, { url: `/api/exam-checkins/${bookingId}/photos/${kind}`, bytes, token });

const getPhoto = (bookingId: number, kind: string, token: string | undefined) =>
  t.call({ method: 'GET', url: `/api/exam-checkins/${bookingId}/photos/${kind}`, token });

const devSample = (print: string) => `dev1.${print}.${randomUUID().replaceAll('-', '')}`;

const postFingerprint = (bookingId: number, sample: unknown, token: string = student) =>
  t.call({ method: 'POST', url: `/api/exam-checkins/${bookingId}/fingerprint`, token, payload: { sample } });

const enrol = (id: number, finger: string, captures: unknown, token: string = teller) =>
  t.call({
    method: 'PUT',
    url: `/api/students/${id}/fingerprint`,
    token,
    payload: { finger, captures },
    headers: { 'idempotency-key': randomUUID() },
  });

async function logRows(target: number) {
  return t.db.select().from(sensitiveAccessLog).where(eq(sensitiveAccessLog.studentId, target));
}

describe('GET /api/exam-checkins/:bookingId', () => {
  it('shows the candidate what an in-person sitting needs: ID number and the live photo', async () => {
    const booking = await examBooking();
    const response = await getCheckin(booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bookingId: booking.id,
      remote: false,
      idNumberChecked: false,
      photos: [],
      requiredPhotos: ['live'],
      fingerprintEnrolled: false,
      fingerprintChecked: false,
      admitted: false,
      complete: false,
      phase: 'open',
      message: null,
    });
  });

  it('says "Exam Not Started yet" before the window and "This exam is finished" after, in both languages', async () => {
    const early = await examBooking({ startsInMinutes: 61 });
    const early1 = await getCheckin(early.id);
    expect(early1.json()).toMatchObject({ phase: 'not-started', message: 'Exam Not Started yet' });
    expect((await getCheckin(early.id, student, 'ar')).json().message).toBe('لم يبدأ الاختبار بعد');
    const opening = await examBooking({ startsInMinutes: 59 });
    expect((await getCheckin(opening.id)).json().phase).toBe('open');
    const late = await examBooking({ startsInMinutes: -61 });
    expect((await getCheckin(late.id)).json()).toMatchObject({
      phase: 'finished',
      message: 'This exam is finished',
    });
  });

  it('is 404 for another student’s booking, a training, an unpaid seat, and refused to other callers', async () => {
    const [other] = await insertStudents(t, 1);
    const others = await examBooking({ studentId: other?.id });
    expect((await getCheckin(others.id)).statusCode).toBe(404);
    expect((await getCheckin((await examBooking({ kind: 'training' })).id)).statusCode).toBe(404);
    expect((await getCheckin((await examBooking({ status: 'Pending Payment' })).id)).statusCode).toBe(404);
    expect((await getCheckin(999_999)).statusCode).toBe(404);
    const mine = await examBooking();
    expect((await t.call({ method: 'GET', url: `/api/exam-checkins/${mine.id}` })).statusCode).toBe(401);
    for (const token of [teller, examiner, superAdmin, corporate]) {
      expect((await getCheckin(mine.id, token)).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/exam-checkins/abc', token: student })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/exam-checkins/:bookingId/id-number', () => {
  it('checks the booking student’s number, typed in Arabic-Indic digits too, and keeps only that it was checked', async () => {
    const booking = await examBooking();
    const arabic = DEMO_STUDENT_ID_NUMBER.replace(/\d/g, (digit) =>
      String.fromCharCode(0x660 + Number(digit)),
    );
    const response = await postIdNumber(booking.id, ` ${arabic} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bookingId: booking.id, message: 'ID number checked.' });
    const [row] = await t.db.select().from(examCheckins).where(eq(examCheckins.bookingId, booking.id));
    expect(row?.idNumberCheckedAt).toBeInstanceOf(Date);
    expect((await getCheckin(booking.id)).json().idNumberChecked).toBe(true);
  });

  it('refuses a wrong number with 422 in both languages, and locks after five wrong tries', async () => {
    const booking = await examBooking();
    const wrong = await postIdNumber(booking.id, '2999999990');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CHECKIN_ID_NUMBER_MISMATCH');
    expect(wrong.json().message).toBe('This ID number does not match the booking.');
    const arabic = await t.call({
      method: 'POST',
      url: `/api/exam-checkins/${booking.id}/id-number`,
      token: student,
      lang: 'ar',
      payload: { idNumber: '2999999990' },
    });
    expect(arabic.json().message).toBe('رقم الهوية هذا لا يطابق الحجز.');
    for (let i = 0; i < 3; i++) expect((await postIdNumber(booking.id, '1111111111')).statusCode).toBe(422);
    // Five wrong: even the right number now waits.
    const lockedOut = await postIdNumber(booking.id, DEMO_STUDENT_ID_NUMBER);
    expect(lockedOut.statusCode).toBe(429);
    expect(lockedOut.headers['retry-after']).toBe('900');
    const [row] = await t.db.select().from(examCheckins).where(eq(examCheckins.bookingId, booking.id));
    expect(row?.idNumberCheckedAt ?? null).toBeNull();
  });

  it('refuses garbage, a NUL byte and extra fields with 400, and writes outside the window with 409', async () => {
    const booking = await examBooking();
    expect((await postIdNumber(booking.id, `2000\u0000000006`)).statusCode).toBe(400);
    expect((await postIdNumber(booking.id, '')).statusCode).toBe(400);
    expect((await postIdNumber(booking.id, 12345)).statusCode).toBe(400);
    expect((await postIdNumber(booking.id, 'x'.repeat(500))).statusCode).toBe(400);
    const extra = await t.call({
      method: 'POST',
      url: `/api/exam-checkins/${booking.id}/id-number`,
      token: student,
      payload: { idNumber: DEMO_STUDENT_ID_NUMBER, admitted: true },
    });
    expect(extra.statusCode).toBe(400);
    const early = await examBooking({ startsInMinutes: 90 });
    const tooEarly = await postIdNumber(early.id, DEMO_STUDENT_ID_NUMBER);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().code).toBe('EXAM_NOT_STARTED');
    const late = await examBooking({ startsInMinutes: -70 });
    const tooLate = await postIdNumber(late.id, DEMO_STUDENT_ID_NUMBER);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe('This exam is finished');
  });

  it('is 404 on another student’s booking, even with their right number', async () => {
    const [other] = await insertStudents(t, 1);
    const booking = await examBooking({ studentId: other?.id });
    expect((await postIdNumber(booking.id, DEMO_STUDENT_ID_NUMBER)).statusCode).toBe(404);
  });
});

describe('PUT /api/exam-checkins/:bookingId/photos/:kind', () => {
  it('keeps the live photo as the student’s sensitive file, replacing an earlier one', async () => {
    const booking = await examBooking();
    const first = await putPhoto(booking.id, 'live');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ bookingId: booking.id, kind: 'live', message: 'Photo saved.' });
    const firstId = first.json().fileId as string;
    const [file] = await t.db.select().from(files).where(eq(files.id, firstId));
    const [me] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmailOf('student')));
    expect(file).toMatchObject({ kind: 'checkin-live', mimeType: 'image/png', ownerUserId: me?.id });

    const second = await putPhoto(booking.id, 'live');
    expect(second.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(examCheckinPhotos)
      .where(eq(examCheckinPhotos.bookingId, booking.id));
    expect(rows.map((row) => row.fileId)).toEqual([second.json().fileId]);
    expect(await t.db.select().from(files).where(eq(files.id, firstId))).toEqual([]);

    // Through the general files route: the owner yes, staff with read on students no (only the logged route).
    const fileId = second.json().fileId as string;
    expect((await t.call({ method: 'GET', url: `/api/files/${fileId}`, token: student })).statusCode).toBe(
      200,
    );
    expect((await t.call({ method: 'GET', url: `/api/files/${fileId}`, token: superAdmin })).statusCode).toBe(
      404,
    );

    const state = (await getCheckin(booking.id)).json();
    expect(state.photos).toEqual(['live']);
  });

  it('completes an in-person check-in with the ID number and the live photo', async () => {
    const booking = await examBooking();
    expect((await postIdNumber(booking.id, DEMO_STUDENT_ID_NUMBER)).statusCode).toBe(200);
    expect((await getCheckin(booking.id)).json().complete).toBe(false);
    expect((await putPhoto(booking.id, 'live')).statusCode).toBe(200);
    expect((await getCheckin(booking.id)).json().complete).toBe(true);
  });

  it('asks a Remote sitting for the ID and the room from four sides; an in-person one refuses them', async () => {
    const remote = await examBooking({ remote: true });
    expect((await getCheckin(remote.id)).json().requiredPhotos).toEqual([
      'live',
      'id',
      'room-front',
      'room-back',
      'room-left',
      'room-right',
    ]);
    await postIdNumber(remote.id, DEMO_STUDENT_ID_NUMBER);
    for (const kind of ['live', 'id', 'room-front', 'room-back', 'room-left']) {
      expect((await putPhoto(remote.id, kind)).statusCode).toBe(200);
    }
    expect((await getCheckin(remote.id)).json().complete).toBe(false);
    expect((await putPhoto(remote.id, 'room-right')).statusCode).toBe(200);
    expect((await getCheckin(remote.id)).json().complete).toBe(true);

    const inPerson = await examBooking();
    const notNeeded = await putPhoto(inPerson.id, 'room-front');
    expect(notNeeded.statusCode).toBe(400);
    expect(notNeeded.json().code).toBe('CHECKIN_PHOTO_NOT_NEEDED');
    expect((await putPhoto(inPerson.id, 'kitchen')).statusCode).toBe(400);
  });

  it('refuses bytes that are not an image (a PDF, text named .png), stores nothing, and is 404 for others', async () => {
    const booking = await examBooking();
    for (const bytes of [PDF_BYTES, Buffer.from('just text named photo.png')]) {
      const refused = await putPhoto(booking.id, 'live', bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    }
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect((await putPhoto(booking.id, 'live', big)).json().code).toBe('FILE_TOO_LARGE');
    expect(
      await t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, booking.id)),
    ).toEqual([]);
    const notForm = await t.call({
      method: 'PUT',
      url: `/api/exam-checkins/${booking.id}/photos/live`,
      token: student,
      payload: { file: 'x' },
    });
    expect(notForm.statusCode).toBe(400);

    const [other] = await insertStudents(t, 1);
    const others = await examBooking({ studentId: other?.id });
    expect((await putPhoto(others.id, 'live')).statusCode).toBe(404);
    expect((await putPhoto(booking.id, 'live', PNG_BYTES, teller)).statusCode).toBe(403);
    const early = await examBooking({ startsInMinutes: 120 });
    expect((await putPhoto(early.id, 'live')).json().code).toBe('EXAM_NOT_STARTED');
  });
});

describe('GET /api/exam-checkins/:bookingId/photos/:kind', () => {
  it('serves the photo to the session’s examiner and to staff with read on students in branch, logging every staff reading', async () => {
    const booking = await examBooking();
    const saved = await putPhoto(booking.id, 'live');
    const fileId = saved.json().fileId as string;
    const before = (await logRows(studentId)).filter((row) => row.subject === 'photo').length;

    const own = await getPhoto(booking.id, 'live', student);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_BYTES)).toBe(true);

    for (const token of [examiner, teller, superAdmin, examiner]) {
      const seen = await getPhoto(booking.id, 'live', token);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
    }
    const photoRows = (await logRows(studentId)).filter((row) => row.subject === 'photo');
    // The candidate's own look is not logged; each of the four staff readings is.
    expect(photoRows.length - before).toBe(4);
    expect(photoRows.at(-1)).toMatchObject({ fileId, subject: 'photo' });
    expect(photoRows.at(-1)?.purpose).toContain(`booking ${booking.id}`);
  });

  it('is 404 for another examiner’s session, another branch’s staff, a corporate, another student; nothing logged', async () => {
    const [other] = await insertStudents(t, 1);
    const elsewhere = await examBooking({ branch: 'JED-01', examinerUserId: null, studentId: other?.id });
    // Put a photo in directly: the other student cannot log in here.
    await t.db.insert(examCheckins).values({ bookingId: elsewhere.id });
    const mine = await examBooking();
    const saved = await putPhoto(mine.id, 'live');
    const [file] = await t.db.select().from(files).where(eq(files.id, saved.json().fileId));
    await t.db
      .insert(examCheckinPhotos)
      .values({ bookingId: elsewhere.id, kind: 'live', fileId: file?.id ?? '' });
    const before = await logRows(other?.id ?? -1);

    expect((await getPhoto(elsewhere.id, 'live', examiner)).statusCode).toBe(404);
    expect((await getPhoto(elsewhere.id, 'live', teller)).statusCode).toBe(404);
    expect((await getPhoto(elsewhere.id, 'live', student)).statusCode).toBe(404);
    expect((await getPhoto(mine.id, 'live', corporate)).statusCode).toBe(403);
    expect((await getPhoto(mine.id, 'id', superAdmin)).statusCode).toBe(404);
    expect((await getPhoto(mine.id, 'live', undefined)).statusCode).toBe(401);
    expect(await logRows(other?.id ?? -1)).toEqual(before);
    // Head office with read on students sees any branch, logged.
    expect((await getPhoto(elsewhere.id, 'live', cfo)).statusCode).toBe(200);
    expect((await logRows(other?.id ?? -1)).length).toBe(before.length + 1);
  });
});

describe('fingerprints: enrolment and the check at check-in, through the development engine', () => {
  it('enrols a finger from four captures, shows it (never the template), replaces and removes it', async () => {
    const [target] = await insertStudents(t, 1, {});
    const id = target?.id ?? -1;
    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmailOf('Teller')));
    const { students: studentsTable } = await import('../../db/schema/index.ts');
    await t.db
      .update(studentsTable)
      .set({ branchId: row?.branchId ?? null })
      .where(eq(studentsTable.id, id));

    const none = await t.call({ method: 'GET', url: `/api/students/${id}/fingerprint`, token: teller });
    expect(none.json()).toEqual({
      studentId: id,
      enrolled: false,
      finger: null,
      enrolledAt: null,
      enrolledByName: null,
    });

    const captures = Array.from({ length: 4 }, () => devSample('demo-right-index'));
    const enrolled = await enrol(id, 'right-index', captures);
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json()).toEqual({
      studentId: id,
      finger: 'right-index',
      message: 'Fingerprint enrolled.',
    });
    const shown = await t.call({ method: 'GET', url: `/api/students/${id}/fingerprint`, token: teller });
    expect(shown.json()).toMatchObject({
      enrolled: true,
      finger: 'right-index',
      enrolledByName: 'Yousef Al-Shammari',
    });
    expect(shown.body).not.toContain('dev1.');

    const again = await enrol(
      id,
      'left-thumb',
      Array.from({ length: 4 }, () => devSample('demo-left-thumb')),
    );
    expect(again.statusCode).toBe(200);
    const rows = await t.db.select().from(studentFingerprints).where(eq(studentFingerprints.studentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.finger).toBe('left-thumb');

    const removed = await t.call({ method: 'DELETE', url: `/api/students/${id}/fingerprint`, token: teller });
    expect(removed.statusCode).toBe(200);
    expect(
      await t.db.select().from(studentFingerprints).where(eq(studentFingerprints.studentId, id)),
    ).toEqual([]);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/students/${id}/fingerprint`, token: teller })).statusCode,
    ).toBe(404);
  });

  it('refuses captures of different fingers, fewer than four, garbage, and callers without the right', async () => {
    const differ = await enrol(studentId, 'right-index', [
      devSample('demo-right-index'),
      devSample('demo-right-index'),
      devSample('demo-right-index'),
      devSample('demo-left-thumb'),
    ]);
    expect(differ.statusCode).toBe(422);
    expect(differ.json().code).toBe('FINGERPRINT_CAPTURES_DIFFER');
    const three = await enrol(
      studentId,
      'right-index',
      [1, 2, 3].map(() => devSample('demo-right-index')),
    );
    expect(three.statusCode).toBe(400);
    expect(
      (
        await enrol(
          studentId,
          'tail',
          [1, 2, 3, 4].map(() => devSample('x')),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await enrol(
          studentId,
          'right-index',
          [1, 2, 3, 4].map(() => 'abc\u0000defghij'),
        )
      ).statusCode,
    ).toBe(400);
    const unreadable = await enrol(
      studentId,
      'right-index',
      [1, 2, 3, 4].map(() => 'not-a-dev-sample'),
    );
    expect(unreadable.json().code).toBe('FINGERPRINT_SAMPLE_UNREADABLE');
    const good = [1, 2, 3, 4].map(() => devSample('demo-right-index'));
    // CFO reads students but may not edit them; students, corporates and examiners have no say.
    expect((await enrol(studentId, 'right-index', good, cfo)).statusCode).toBe(403);
    expect((await enrol(studentId, 'right-index', good, student)).statusCode).toBe(403);
    expect((await enrol(studentId, 'right-index', good, corporate)).statusCode).toBe(403);
    expect((await enrol(studentId, 'right-index', good, examiner)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/students/${studentId}/fingerprint`, token: corporate }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: `/api/students/${studentId}/fingerprint`, token: cfo })).statusCode,
    ).toBe(200);
    expect(
      await t.db.select().from(studentFingerprints).where(eq(studentFingerprints.studentId, studentId)),
    ).toEqual([]);
  });

  it('is 404 for a student outside the teller’s branch', async () => {
    const [elsewhere] = await insertStudents(t, 1);
    const { students: studentsTable } = await import('../../db/schema/index.ts');
    await t.db
      .update(studentsTable)
      .set({ branchId: await branchIdOf(t, 'JED-01') })
      .where(eq(studentsTable.id, elsewhere?.id ?? -1));
    const id = elsewhere?.id ?? -1;
    expect(
      (await t.call({ method: 'GET', url: `/api/students/${id}/fingerprint`, token: teller })).statusCode,
    ).toBe(404);
    expect(
      (
        await enrol(
          id,
          'right-index',
          [1, 2, 3, 4].map(() => devSample('demo-right-index')),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await enrol(
          id,
          'right-index',
          [1, 2, 3, 4].map(() => devSample('demo-right-index')),
          superAdmin,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('checks the candidate’s finger at check-in against the enrolled template, logging each use', async () => {
    const booking = await examBooking();
    const none = await postFingerprint(booking.id, devSample('demo-right-index'));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('CHECKIN_NO_FINGERPRINT');

    expect(
      (
        await enrol(
          studentId,
          'right-index',
          [1, 2, 3, 4].map(() => devSample('demo-right-index')),
        )
      ).statusCode,
    ).toBe(200);
    const state = (await getCheckin(booking.id)).json();
    expect(state).toMatchObject({
      fingerprintEnrolled: true,
      finger: 'right-index',
      fingerprintChecked: false,
    });
    await postIdNumber(booking.id, DEMO_STUDENT_ID_NUMBER);
    await putPhoto(booking.id, 'live');
    // Enrolled, not yet checked: not complete.
    expect((await getCheckin(booking.id)).json().complete).toBe(false);

    const before = (await logRows(studentId)).filter((row) => row.subject === 'fingerprint').length;
    const wrong = await postFingerprint(booking.id, devSample('demo-left-thumb'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('CHECKIN_FINGERPRINT_MISMATCH');
    const right = await postFingerprint(booking.id, devSample('demo-right-index'));
    expect(right.statusCode).toBe(200);
    expect(right.json().message).toBe('Fingerprint checked.');
    expect((await getCheckin(booking.id)).json()).toMatchObject({ fingerprintChecked: true, complete: true });
    const after = (await logRows(studentId)).filter((row) => row.subject === 'fingerprint');
    expect(after.length - before).toBe(2);

    expect((await postFingerprint(booking.id, 'x\u0000yyyyyyyy')).statusCode).toBe(400);
    expect((await postFingerprint(booking.id, devSample('demo-right-index'), teller)).statusCode).toBe(403);
    const [other] = await insertStudents(t, 1);
    const others = await examBooking({ studentId: other?.id });
    expect((await postFingerprint(others.id, devSample('demo-right-index'))).statusCode).toBe(404);

    // Five mismatches lock the step.
    const locked = await examBooking();
    for (let i = 0; i < 5; i++)
      expect((await postFingerprint(locked.id, devSample('demo-left-thumb'))).statusCode).toBe(422);
    expect((await postFingerprint(locked.id, devSample('demo-right-index'))).statusCode).toBe(429);
    const [row] = await t.db
      .select()
      .from(examCheckins)
      .where(and(eq(examCheckins.bookingId, locked.id)));
    expect(row?.fingerprintCheckedAt ?? null).toBeNull();
    await t.db.delete(studentFingerprints).where(eq(studentFingerprints.studentId, studentId));
  });
});

describe('races (real on the PostgreSQL server)', () => {
  it('twenty uploads of the live photo at once leave one photo and one stored file, never a 5xx', async () => {
    const booking = await examBooking();
    const [me] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmailOf('student')));
    const filesBefore = await t.db.select({ id: files.id }).from(files).where(eq(files.kind, 'checkin-live'));
    const responses = await atOnce(() => putPhoto(booking.id, 'live'));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const rows = await t.db
      .select()
      .from(examCheckinPhotos)
      .where(eq(examCheckinPhotos.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    const filesAfter = await t.db
      .select({ id: files.id, ownerUserId: files.ownerUserId })
      .from(files)
      .where(eq(files.kind, 'checkin-live'));
    const added = filesAfter.filter((file) => !filesBefore.some((before) => before.id === file.id));
    expect(added).toEqual([{ id: rows[0]?.fileId, ownerUserId: me?.id }]);
  });

  it('twenty wrong ID numbers at once: five mismatches, the rest locked out', async () => {
    const booking = await examBooking();
    const responses = await atOnce(() => postIdNumber(booking.id, '1111111111'));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(15).fill(429)]);
  });

  it('twenty enrolments of one student at once leave one fingerprint', async () => {
    const [target] = await insertStudents(t, 1);
    const id = target?.id ?? -1;
    const responses = await atOnce((index) =>
      enrol(
        id,
        index % 2 ? 'left-thumb' : 'right-index',
        [1, 2, 3, 4].map(() => devSample(`demo-print-${index}`)),
        superAdmin,
      ),
    );
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 409)).toBe(
      true,
    );
    expect(
      await t.db.select().from(studentFingerprints).where(eq(studentFingerprints.studentId, id)),
    ).toHaveLength(1);
  });
});
