import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  auditLog,
  bookings,
  classrooms,
  examAttempts,
  examCheckinPhotos,
  examCheckins,
  exams,
  files,
  scheduledSessions,
  sensitiveAccessLog,
  studentFingerprints,
  users,
} from '../../db/schema/index.ts';
import { DEMO_STUDENT_ID_NUMBER, demoEmailOf } from '../../seed/demo-users.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { PDF_BYTES, PNG_BYTES, putFile } from '../../test/files.ts';
import { jobsOf, jobsSettled, makeDueNow } from '../../test/jobs.ts';
import { demoStudentId, newBooking } from '../../test/paid-bookings.ts';
import { atOnce } from '../../test/races.ts';
import { insertStudents } from '../../test/scheduled-sessions.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { TEST_JWT_SECRET } from '../../test/test-secret.ts';
import { PHOTO_RETENTION } from './jobs.ts';
import { sweepExpiredCheckinPhotos } from './retention.ts';

let t: TestApp;
/** The suite's app, with the default settings (no ID photo kept, photos kept 90 days). */
let suite: TestApp;
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
  suite = t;
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
    /** Another test app (other settings) on a copy of the same seed: the demo ids are the same. */
    app?: TestApp;
  } = {},
) {
  const t = options.app ?? suite;
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

  it('asks a Remote sitting for the room from four sides and refuses the ID photo (not kept by default); an in-person one refuses them', async () => {
    const remote = await examBooking({ remote: true });
    expect((await getCheckin(remote.id)).json().requiredPhotos).toEqual([
      'live',
      'room-front',
      'room-back',
      'room-left',
      'room-right',
    ]);
    const idPhoto = await putPhoto(remote.id, 'id');
    expect(idPhoto.statusCode).toBe(400);
    expect(idPhoto.json()).toMatchObject({
      code: 'CHECKIN_ID_PHOTO_NOT_KEPT',
      message:
        'This centre does not keep a photo of your ID: the ID number you typed has been checked instead.',
    });
    const idPhotoAr = await putFile(t, {
      url: `/api/exam-checkins/${remote.id}/photos/id`,
      bytes: PNG_BYTES,
      token: student,
      lang: 'ar',
    });
    expect(idPhotoAr.json().message).toBe(
      'لا يحتفظ هذا المركز بصورة من هويتك: تم التحقق من رقم الهوية الذي أدخلته بدلاً منها.',
    );
    await postIdNumber(remote.id, DEMO_STUDENT_ID_NUMBER);
    for (const kind of ['live', 'room-front', 'room-back', 'room-left']) {
      expect((await putPhoto(remote.id, kind)).statusCode).toBe(200);
    }
    expect((await getCheckin(remote.id)).json().complete).toBe(false);
    expect((await putPhoto(remote.id, 'room-right')).statusCode).toBe(200);
    expect((await getCheckin(remote.id)).json()).toMatchObject({
      complete: true,
      photos: expect.not.arrayContaining(['id']),
    });
    // No ID copy was stored anywhere for the booking.
    const kept = await t.db
      .select({ kind: examCheckinPhotos.kind })
      .from(examCheckinPhotos)
      .where(eq(examCheckinPhotos.bookingId, remote.id));
    expect(kept.map((row) => row.kind).sort()).toEqual([
      'live',
      'room-back',
      'room-front',
      'room-left',
      'room-right',
    ]);
    expect(await t.db.select().from(files).where(eq(files.kind, 'checkin-id'))).toEqual([]);

    const inPerson = await examBooking();
    const notNeeded = await putPhoto(inPerson.id, 'room-front');
    expect(notNeeded.statusCode).toBe(400);
    expect(notNeeded.json().code).toBe('CHECKIN_PHOTO_NOT_NEEDED');
    expect((await putPhoto(inPerson.id, 'id')).json().code).toBe('CHECKIN_PHOTO_NOT_NEEDED');
    expect((await putPhoto(inPerson.id, 'kitchen')).statusCode).toBe(400);
  });

  it('with CHECKIN_KEEP_ID_PHOTO=true, a Remote sitting needs the ID photo too, and the start rule reads the same', async () => {
    const keeping = await buildTestApp({ env: { CHECKIN_KEEP_ID_PHOTO: 'true' } });
    try {
      const token = (await keeping.loginAs('student')).token;
      const remote = await examBooking({ remote: true, app: keeping });
      const state = () =>
        keeping.call({ method: 'GET', url: `/api/exam-checkins/${remote.id}`, token }).then((r) => r.json());
      expect((await state()).requiredPhotos).toEqual([
        'live',
        'id',
        'room-front',
        'room-back',
        'room-left',
        'room-right',
      ]);
      await keeping.call({
        method: 'POST',
        url: `/api/exam-checkins/${remote.id}/id-number`,
        token,
        payload: { idNumber: DEMO_STUDENT_ID_NUMBER },
      });
      const upload = (kind: string) =>
        putFile(keeping, { url: `/api/exam-checkins/${remote.id}/photos/${kind}`, bytes: PNG_BYTES, token });
      for (const kind of ['live', 'room-front', 'room-back', 'room-left', 'room-right']) {
        expect((await upload(kind)).statusCode).toBe(200);
      }
      expect((await state()).complete).toBe(false);
      // The start rule says the same: no attempt before the ID photo.
      const start = await keeping.call({
        method: 'POST',
        url: '/api/exam-attempts',
        token,
        payload: { bookingId: remote.id },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(start.json().code).toBe('EXAM_CHECKIN_REQUIRED');
      const idPhoto = await upload('id');
      expect(idPhoto.statusCode).toBe(200);
      const [file] = await keeping.db.select().from(files).where(eq(files.id, idPhoto.json().fileId));
      expect(file?.kind).toBe('checkin-id');
      expect((await state()).complete).toBe(true);
    } finally {
      await keeping.close();
    }
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

  it('lets the candidate retake a photo staff have read: the log keeps the old record (bytes gone), never a 500', async () => {
    const booking = await examBooking();
    const first = (await putPhoto(booking.id, 'live')).json().fileId as string;
    const [firstFile] = await t.db.select().from(files).where(eq(files.id, first));
    expect((await getPhoto(booking.id, 'live', superAdmin)).statusCode).toBe(200);
    const again = await putPhoto(booking.id, 'live');
    expect(again.statusCode).toBe(200);
    expect((await getPhoto(booking.id, 'live', student)).statusCode).toBe(200);
    const [old] = await t.db.select().from(files).where(eq(files.id, first));
    expect(old).toMatchObject({ kind: 'checkin-purged', ownerUserId: null });
    await expect(t.app.deps.files.read(firstFile?.storageKey ?? '')).rejects.toThrow();
    const rows = await logRows(studentId);
    expect(rows.some((row) => row.fileId === first)).toBe(true);
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

describe('retention of check-in photos (CHECKIN_PHOTO_RETENTION_DAYS, 90 by default)', () => {
  const DAY = 86_400_000;

  /** Moves a sitting `daysAgo` into the past: its session, and (when given) its submitted attempt and result. */
  async function ageSitting(bookingId: number, daysAgo: number, attempt: boolean) {
    const endsAt = new Date(Date.now() - daysAgo * DAY);
    const startsAt = new Date(endsAt.getTime() - 60 * 60_000);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!booking) throw new Error('no booking');
    await t.db
      .update(scheduledSessions)
      .set({ startsAt, endsAt })
      .where(eq(scheduledSessions.id, booking.sessionId));
    if (!attempt) return;
    const [exam] = await t.db.select({ id: exams.id }).from(exams).limit(1);
    await t.db.insert(examAttempts).values({
      bookingId,
      examId: exam?.id ?? 1,
      sessionId: booking.sessionId,
      studentId: booking.studentId,
      language: 'en',
      status: 'submitted',
      startedAt: startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      submittedAt: new Date(startsAt.getTime() + 20 * 60_000),
      submittedBy: 'candidate',
      score: 80,
      result: 'Passed',
      decidedAt: new Date(startsAt.getTime() + 20 * 60_000),
      createdAt: startsAt,
      updatedAt: new Date(startsAt.getTime() + 20 * 60_000),
    });
  }

  async function storedFile(id: string) {
    const [file] = await t.db.select().from(files).where(eq(files.id, id));
    return file;
  }

  it('deletes the photos of a sitting 91 days past its result, keeps one 10 days old, and a purged photo reads as gone', async () => {
    // Old, with a result 91 days ago; its live photo was read by the examiner (logged).
    const old = await examBooking();
    const oldLive = (await putPhoto(old.id, 'live')).json().fileId as string;
    expect((await getPhoto(old.id, 'live', examiner)).statusCode).toBe(200);
    // Old, never started (no attempt): its session ended 91 days ago; nobody read its photo.
    const absent = await examBooking();
    const absentLive = (await putPhoto(absent.id, 'live')).json().fileId as string;
    // Recent: a result 10 days ago.
    const recent = await examBooking();
    const recentLive = (await putPhoto(recent.id, 'live')).json().fileId as string;
    const oldFile = await storedFile(oldLive);
    const absentFile = await storedFile(absentLive);
    const recentFile = await storedFile(recentLive);
    await ageSitting(old.id, 91, true);
    await ageSitting(absent.id, 91, false);
    await ageSitting(recent.id, 10, true);
    const logged = await logRows(studentId);

    // Two processes sweeping at once purge each sitting once.
    const [first, second] = await Promise.all([
      sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 90),
      sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 90),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(2);
    expect(await sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 90)).toBe(0);

    const photosOf = (bookingId: number) =>
      t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, bookingId));
    expect(await photosOf(old.id)).toEqual([]);
    expect(await photosOf(absent.id)).toEqual([]);
    expect(await photosOf(recent.id)).toHaveLength(1);
    // The bytes are gone; the logged file's record stays for the log, marked and nobody's.
    await expect(t.app.deps.files.read(oldFile?.storageKey ?? '')).rejects.toThrow();
    await expect(t.app.deps.files.read(absentFile?.storageKey ?? '')).rejects.toThrow();
    expect((await t.app.deps.files.read(recentFile?.storageKey ?? '')).equals(PNG_BYTES)).toBe(true);
    expect(await storedFile(oldLive)).toMatchObject({ kind: 'checkin-purged', ownerUserId: null });
    expect(await storedFile(absentLive)).toBeUndefined();
    expect(await logRows(studentId)).toEqual(logged);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exam_checkin.photos_purged'), eq(auditLog.entityId, String(old.id))));
    // Purged once, whichever sweep took it.
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toEqual({ photos: [{ kind: 'live', fileId: oldLive }] });

    // Reads: the purged photo is 410 with a plain message (staff and the candidate), never a 5xx.
    for (const token of [teller, superAdmin, student]) {
      const gone = await getPhoto(old.id, 'live', token);
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({
        code: 'CHECKIN_PHOTO_PURGED',
        message: 'This check-in photo was deleted after its retention period ended.',
      });
    }
    const goneAr = await t.call({
      method: 'GET',
      url: `/api/exam-checkins/${absent.id}/photos/live`,
      token: superAdmin,
      lang: 'ar',
    });
    expect(goneAr.statusCode).toBe(410);
    expect(goneAr.json().message).toBe('حُذفت صورة تسجيل الحضور هذه بعد انتهاء مدة الاحتفاظ بها.');
    // Through the general files route, the purged file is simply not there.
    expect((await t.call({ method: 'GET', url: `/api/files/${oldLive}`, token: student })).statusCode).toBe(
      404,
    );
    // The recent sitting's photo is still served.
    expect((await getPhoto(recent.id, 'live', examiner)).statusCode).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: `/api/files/${recentLive}`, token: student })).statusCode,
    ).toBe(200);
    // A photo never taken of a recent sitting stays a plain 404.
    expect((await getPhoto(recent.id, 'room-front', examiner)).statusCode).toBe(404);
  });

  it('keeps a shorter or longer time when told, and never touches a sitting whose attempt is in progress', async () => {
    const booking = await examBooking();
    await putPhoto(booking.id, 'live');
    await ageSitting(booking.id, 10, true);
    expect(await sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 30)).toBe(0);
    // (An earlier test's 10-day-old sitting goes too.)
    expect(await sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 7)).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, booking.id)),
    ).toEqual([]);

    const sitting = await examBooking();
    await putPhoto(sitting.id, 'live');
    const [exam] = await t.db.select({ id: exams.id }).from(exams).limit(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, sitting.id));
    await t.db.insert(examAttempts).values({
      bookingId: sitting.id,
      examId: exam?.id ?? 1,
      sessionId: row?.sessionId ?? 0,
      studentId,
      language: 'en',
      startedAt: new Date(),
      endsAt: new Date(Date.now() + 30 * 60_000),
    });
    // Even far in the future, every other sitting goes and this one stays.
    await sweepExpiredCheckinPhotos(t.db, t.app.deps.files, 1, new Date(Date.now() + 400 * DAY));
    expect(
      await t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, sitting.id)),
    ).toHaveLength(1);
  });

  it("a sitting's first photo queues one job at its retention date, which deletes the photos then (queued again while the date moves)", async () => {
    const sitting = await examBooking();
    await putPhoto(sitting.id, 'live');
    const live = (await putPhoto(sitting.id, 'live')).json().fileId as string;
    const jobsOfSitting = async () =>
      (await jobsOf(t, PHOTO_RETENTION)).filter(
        (job) => job.data.bookingId === sitting.id && ['created', 'retry'].includes(job.state),
      );
    const [session] = await t.db
      .select({ endsAt: scheduledSessions.endsAt })
      .from(scheduledSessions)
      .innerJoin(bookings, eq(bookings.sessionId, scheduledSessions.id))
      .where(eq(bookings.id, sitting.id));
    const queued = await jobsOfSitting();
    // One job for the sitting (a replaced photo queues none), due 90 days after the session's end.
    expect(queued).toHaveLength(1);
    const dueAfterEnd = (queued[0]?.startAfter.getTime() ?? 0) - (session?.endsAt.getTime() ?? 0);
    expect(Math.abs(dueAfterEnd - 90 * DAY)).toBeLessThan(5_000);

    // Due, but the sitting's result came 10 days ago: the photo is kept, the job queued at result + 90 days.
    await ageSitting(sitting.id, 10, true);
    await makeDueNow(t, PHOTO_RETENTION);
    await jobsSettled(t, PHOTO_RETENTION);
    const photosOf = () =>
      t.db.select().from(examCheckinPhotos).where(eq(examCheckinPhotos.bookingId, sitting.id));
    expect(await photosOf()).toHaveLength(1);
    const [attempt] = await t.db.select().from(examAttempts).where(eq(examAttempts.bookingId, sitting.id));
    const [requeued] = await jobsOfSitting();
    const dueAfterResult = (requeued?.startAfter.getTime() ?? 0) - (attempt?.decidedAt?.getTime() ?? 0);
    expect(Math.abs(dueAfterResult - 90 * DAY)).toBeLessThan(5_000);

    // Its date comes: the job deletes the photos, bytes and record.
    const file = await storedFile(live);
    const longAgo = new Date(Date.now() - 91 * DAY);
    await t.db
      .update(examAttempts)
      .set({ submittedAt: longAgo, decidedAt: longAgo })
      .where(eq(examAttempts.bookingId, sitting.id));
    await makeDueNow(t, PHOTO_RETENTION);
    await jobsSettled(t, PHOTO_RETENTION);
    expect(await photosOf()).toEqual([]);
    await expect(t.app.deps.files.read(file?.storageKey ?? '')).rejects.toThrow();
    expect(await jobsOfSitting()).toEqual([]);
  });

  it('reads CHECKIN_PHOTO_RETENTION_DAYS (default 90) and refuses a bad value at start', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET } as const;
    expect(loadConfig(base).checkin).toEqual({ keepIdPhoto: false, photoRetentionDays: 90 });
    expect(
      loadConfig({ ...base, CHECKIN_PHOTO_RETENTION_DAYS: '30', CHECKIN_KEEP_ID_PHOTO: 'true' }).checkin,
    ).toEqual({ keepIdPhoto: true, photoRetentionDays: 30 });
    expect(() => loadConfig({ ...base, CHECKIN_PHOTO_RETENTION_DAYS: '0' })).toThrow(
      /CHECKIN_PHOTO_RETENTION_DAYS/,
    );
    expect(() => loadConfig({ ...base, CHECKIN_KEEP_ID_PHOTO: 'yes' })).toThrow(/CHECKIN_KEEP_ID_PHOTO/);
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
      // The fingerprints policy: edit_3 enrols; nothing enrolled, nothing to remove.
      abilities: { enrol: true, remove: false },
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
      abilities: { enrol: true, remove: true },
    });
    // Read on students without edit (CFO, head office): sees it, may neither enrol nor remove.
    const seen = await t.call({ method: 'GET', url: `/api/students/${id}/fingerprint`, token: cfo });
    expect(seen.json()).toMatchObject({ enrolled: true, abilities: { enrol: false, remove: false } });
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
