import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookings,
  classrooms,
  courses,
  scheduledSessions,
  students,
  users,
} from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { atOnce } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let branchAdmin: string;
let teller: string;
let student: string;
let corporate: string;
let instructor: { token: string; userId: number };
let examiner: { token: string; userId: number };
let amanah: string;
let ruh: number;
let jed: number;
let ruhRooms: { id: number; name: string; capacity: number }[];
let jedRooms: { id: number; name: string; capacity: number }[];
let courseId: number;

async function roomsOf(branchId: number) {
  return t.db
    .select({ id: classrooms.id, name: classrooms.name, capacity: classrooms.capacity })
    .from(classrooms)
    .where(eq(classrooms.branchId, branchId))
    .orderBy(asc(classrooms.id));
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  branchAdmin = (await t.loginAs('branch admin')).token;
  teller = (await t.loginAs('Teller')).token;
  student = (await t.loginAs('student')).token;
  corporate = (await t.loginAs('corporate')).token;
  amanah = (await t.loginAs('Amanah')).token;
  instructor = await t.loginAs('Instructor');
  examiner = await t.loginAs('Examiner');
  ruh = await branchIdOf(t, 'RUH-01');
  jed = await branchIdOf(t, 'JED-01');
  ruhRooms = await roomsOf(ruh);
  jedRooms = await roomsOf(jed);
  const [course] = await t.db.select({ id: courses.id }).from(courses).orderBy(asc(courses.id)).limit(1);
  courseId = course?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

/** Far enough ahead to miss the demo sessions of the next four weeks. */
let dayCounter = 0;
function freshDay(): string {
  dayCounter++;
  const day = new Date(Date.UTC(2031, 0, 5) + dayCounter * 3 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

const training = (overrides: Record<string, unknown> = {}) => ({
  courseId,
  branchId: ruh,
  delivery: 'in_person',
  classroomId: ruhRooms[0]?.id,
  language: 'ar',
  date: freshDay(),
  startTime: '09:00',
  endTime: '12:00',
  instructorId: instructor.userId,
  ...overrides,
});
const exam = (overrides: Record<string, unknown> = {}) => ({
  courseId,
  branchId: ruh,
  examType: 'Assessment',
  classroomId: ruhRooms[2]?.id,
  language: 'en',
  date: freshDay(),
  startTime: '10:00',
  endTime: '11:00',
  examinerId: examiner.userId,
  ...overrides,
});

const addTraining = (payload: object, token = admin, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/sessions/training', token, payload, lang });
const addExam = (payload: object, token = admin, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/sessions/exam', token, payload, lang });
const list = (query: string, token = admin) =>
  t.call({ method: 'GET', url: `/api/sessions?${query}`, token });

describe('POST /api/sessions/training', () => {
  it('stores a 09:00 Riyadh session as 06:00Z, with the room’s capacity, and audits it', async () => {
    const body = training({ date: '2031-03-03' });
    const response = await addTraining(body);
    expect(response.statusCode).toBe(201);
    const { ids, seriesId, message } = response.json();
    expect(ids).toHaveLength(1);
    expect(seriesId).toBeNull();
    expect(message).toBe('Records have been saved.');
    const [row] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, ids[0]));
    expect(row?.startsAt.toISOString()).toBe('2031-03-03T06:00:00.000Z');
    expect(row?.endsAt.toISOString()).toBe('2031-03-03T09:00:00.000Z');
    expect(row?.capacity).toBe(ruhRooms[0]?.capacity);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.create_training'), eq(auditLog.entityId, String(ids[0]))));
    expect(audits).toHaveLength(1);
  });

  it('makes one session a week until the repeat date, sharing a series id', async () => {
    const response = await addTraining(
      training({ date: '2031-06-02', repeatWeeklyUntil: '2031-06-23', classroomId: ruhRooms[1]?.id }),
    );
    expect(response.statusCode).toBe(201);
    const { ids, seriesId } = response.json();
    expect(ids).toHaveLength(4);
    const rows = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.seriesId, seriesId))
      .orderBy(asc(scheduledSessions.startsAt));
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([
      '2031-06-02T06:00:00.000Z',
      '2031-06-09T06:00:00.000Z',
      '2031-06-16T06:00:00.000Z',
      '2031-06-23T06:00:00.000Z',
    ]);
  });

  it('gives a Remote session its own seat limit and no room', async () => {
    const response = await addTraining(
      training({ delivery: 'remote', classroomId: null, capacity: 60, startTime: '19:00', endTime: '21:00' }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.id, response.json().ids[0]));
    expect(row).toMatchObject({ capacity: 60, classroomId: null, delivery: 'remote' });
  });

  it('refuses bad input field by field, in both languages', async () => {
    const response = await addTraining({}, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      courseId: 'SELECT_COURSE',
      branchId: 'SELECT_BRANCH',
      instructorId: 'SELECT_INSTRUCTOR',
      date: 'ENTER_DATE',
    });
    const ends = await addTraining(training({ startTime: '12:00', endTime: '09:00' }), admin, 'ar');
    expect(ends.statusCode).toBe(400);
    expect(ends.json().fields).toEqual({ endTime: 'END_TIME_NOT_AFTER_START' });
    expect(ends.json().message).toBe('يجب أن يكون وقت الانتهاء بعد وقت البدء.');
    const until = await addTraining(training({ date: '2031-05-05', repeatWeeklyUntil: '2031-05-01' }));
    expect(until.json()).toMatchObject({
      statusCode: 400,
      fields: { repeatWeeklyUntil: 'END_BEFORE_START' },
      message: 'End date must not be before start date',
    });
    const remote = await addTraining(training({ delivery: 'remote', classroomId: null }));
    expect(remote.json().fields).toEqual({ capacity: 'CAPACITY_INVALID' });
    const badTime = await addTraining(training({ startTime: '25:00' }));
    expect(badTime.json().fields).toMatchObject({ startTime: 'ENTER_TIME' });
    const smuggled = await addTraining({ ...training(), seatsTaken: 0 });
    expect(smuggled.statusCode).toBe(400);
    const nul = await addTraining(training({ language: 'a\u0000r' }));
    expect(nul.statusCode).toBe(400);
    const tooLong = await addTraining(training({ date: '2031-01-01', repeatWeeklyUntil: '2033-01-01' }));
    expect(tooLong.json()).toMatchObject({ statusCode: 400, code: 'SESSION_REPEAT_TOO_LONG' });
  });

  it('refuses a room of another branch, an instructor who is not one, a course without an exam for an exam', async () => {
    const room = await addTraining(training({ classroomId: jedRooms[0]?.id }));
    expect(room.json()).toMatchObject({ statusCode: 400, fields: { classroomId: 'SELECT_CLASSROOM' } });
    const notInstructor = await addTraining(training({ instructorId: examiner.userId }));
    expect(notInstructor.json()).toMatchObject({
      statusCode: 400,
      fields: { instructorId: 'SELECT_INSTRUCTOR' },
    });
    const notExaminer = await addExam(exam({ examinerId: instructor.userId }));
    expect(notExaminer.json()).toMatchObject({ statusCode: 400, fields: { examinerId: 'SELECT_EXAMINER' } });
    const [first] = await t.db.select().from(courses).where(eq(courses.id, courseId));
    const [bare] = await t.db
      .insert(courses)
      .values({
        nameEn: 'Bare Course',
        nameAr: 'دورة بلا اختبار',
        sector: 'barber',
        language: 'ar',
        level: 'basic',
        feeSetupId: first?.feeSetupId ?? 0,
      })
      .returning({ id: courses.id });
    const noExam = await addExam(exam({ courseId: bare?.id }));
    expect(noExam.json()).toMatchObject({ statusCode: 400, fields: { courseId: 'COURSE_HAS_NO_EXAM' } });
  });
});

describe('clashes', () => {
  it('names the room and the clashing session’s date and time, in English and Arabic', async () => {
    const date = freshDay();
    expect((await addTraining(training({ date, startTime: '09:00', endTime: '12:00' }))).statusCode).toBe(
      201,
    );
    // The same room, overlapping, with the examiner-free instructor slot: the room is named.
    const [secondInstructor] = await t.db
      .insert(users)
      .values({
        type: 'Instructor',
        email: 'second.instructor@tasreeh.test',
        nameEn: 'Salem Al-Qahtani',
        nameAr: 'سالم القحطاني',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    const room = await addTraining(
      training({ date, startTime: '11:00', endTime: '13:00', instructorId: secondInstructor?.id }),
    );
    expect(room.statusCode).toBe(409);
    expect(room.json()).toMatchObject({
      code: 'SESSION_ROOM_CLASH',
      message: `${ruhRooms[0]?.name} is already booked on ${date} from 09:00 to 12:00.`,
    });
    const roomAr = await addTraining(
      training({ date, startTime: '11:00', endTime: '13:00', instructorId: secondInstructor?.id }),
      admin,
      'ar',
    );
    expect(roomAr.json().message).toBe(`القاعة ${ruhRooms[0]?.name} محجوزة في ${date} من 09:00 إلى 12:00.`);
    // Another room, the same instructor: the instructor is named.
    const staff = await addTraining(
      training({ date, startTime: '08:00', endTime: '10:00', classroomId: ruhRooms[1]?.id }),
    );
    expect(staff.json()).toMatchObject({
      statusCode: 409,
      code: 'SESSION_STAFF_CLASH',
      message: `Ahmed Al-Farsi already has a session on ${date} from 09:00 to 12:00.`,
    });
    const staffAr = await addTraining(
      training({ date, startTime: '08:00', endTime: '10:00', classroomId: ruhRooms[1]?.id }),
      admin,
      'ar',
    );
    expect(staffAr.json().message).toBe(`لدى أحمد الفارسي جلسة في ${date} من 09:00 إلى 12:00.`);
    // Back to back is no clash.
    expect((await addTraining(training({ date, startTime: '12:00', endTime: '13:00' }))).statusCode).toBe(
      201,
    );
  });

  it('refuses a weekly repeat whose later week clashes, and writes none of it', async () => {
    const first = '2031-09-01';
    await addTraining(training({ date: '2031-09-15', classroomId: ruhRooms[1]?.id }));
    const response = await addTraining(
      training({ date: first, repeatWeeklyUntil: '2031-09-29', classroomId: ruhRooms[1]?.id }),
    );
    expect(response.json()).toMatchObject({ statusCode: 409, code: 'SESSION_ROOM_CLASH' });
    const rows = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.startsAt, new Date('2031-09-01T06:00:00Z')));
    expect(rows).toHaveLength(0);
  });

  it('lets the database refuse parallel clashing saves: one wins, the others get a clash or a conflict, never a 500', async () => {
    const date = freshDay();
    const responses = await atOnce(() => addExam(exam({ date })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
  });
});

describe('GET /api/sessions', () => {
  it('needs a session (401), and a user type with a calendar (403)', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/api/sessions?from=2031-01-01&to=2031-01-31' })).statusCode,
    ).toBe(401);
    const center = (await t.loginAs('training center')).token;
    expect((await list('from=2031-01-01&to=2031-01-31', center)).statusCode).toBe(403);
  });

  it('refuses a period longer than 62 days, one that ends before it starts, and bad dates', async () => {
    const long = await list('from=2031-01-01&to=2031-04-01');
    expect(long.json()).toMatchObject({
      statusCode: 400,
      code: 'SESSION_RANGE_TOO_LONG',
      message: 'Please choose a period of at most 62 days.',
    });
    expect((await list('from=2031-02-01&to=2031-01-01')).json().fields).toEqual({ to: 'END_BEFORE_START' });
    expect((await list('from=2031-02-30&to=2031-03-01')).statusCode).toBe(400);
    expect((await list('from=2031-01-01&to=2031-01-31&branchId=x')).statusCode).toBe(400);
    expect((await list('from=2031-01-01%00&to=2031-01-31')).statusCode).toBe(400);
    expect((await list('from=2031-01-01&to=2031-01-31&other=1')).statusCode).toBe(400);
  });

  it('shows staff every branch, branch staff their branch only, with names, seats and filters', async () => {
    const date = freshDay();
    await addTraining(training({ date }));
    await addExam(
      exam({
        date,
        branchId: jed,
        classroomId: jedRooms[0]?.id,
        examinerId: examiner.userId,
        startTime: '14:00',
        endTime: '15:00',
      }),
    );
    const all = (await list(`from=${date}&to=${date}`)).json().items;
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      kind: 'training',
      courseId,
      startsAt: `${date}T06:00:00.000Z`,
      seatsLeft: ruhRooms[0]?.capacity,
      capacity: ruhRooms[0]?.capacity,
      branch: { id: ruh },
      room: { name: ruhRooms[0]?.name },
      staff: { nameEn: 'Ahmed Al-Farsi' },
      status: 'scheduled',
    });
    const branch = (await list(`from=${date}&to=${date}`, branchAdmin)).json().items;
    expect(branch.map((item: { branchId: number }) => item.branchId)).toEqual([ruh]);
    const tellers = (await list(`from=${date}&to=${date}&branchId=${jed}`, teller)).json().items;
    expect(tellers).toEqual([]);
    const exams = (await list(`from=${date}&to=${date}&kind=exam`)).json().items;
    expect(exams.map((item: { kind: string }) => item.kind)).toEqual(['exam']);
    expect((await list(`from=${date}&to=${date}&courseId=999999`)).json().items).toEqual([]);
  });

  it('refuses back-office staff without read on scheduling', async () => {
    expect((await list('from=2031-01-01&to=2031-01-31', amanah)).statusCode).toBe(403);
  });

  it('shows an instructor and an examiner only their own sessions', async () => {
    const date = freshDay();
    await addTraining(training({ date }));
    await addExam(exam({ date, startTime: '15:00', endTime: '16:00' }));
    const mine = (await list(`from=${date}&to=${date}`, instructor.token)).json().items;
    expect(mine.map((item: { kind: string }) => item.kind)).toEqual(['training']);
    const theirs = (await list(`from=${date}&to=${date}`, examiner.token)).json().items;
    expect(theirs.map((item: { kind: string }) => item.kind)).toEqual(['exam']);
  });

  it('shows students and corporates scheduled sessions still to start, not cancelled or past ones', async () => {
    const date = freshDay();
    const { ids } = (await addTraining(training({ date }))).json();
    const cancelledId = (await addExam(exam({ date, startTime: '15:00', endTime: '16:00' }))).json().ids[0];
    await t.call({ method: 'POST', url: `/api/sessions/${cancelledId}/cancel`, token: admin });
    for (const token of [student, corporate]) {
      const items = (await list(`from=${date}&to=${date}`, token)).json().items;
      expect(items.map((item: { id: number }) => item.id)).toEqual(ids);
    }
    const [past] = await t.db
      .insert(scheduledSessions)
      .values({
        kind: 'training',
        courseId,
        branchId: ruh,
        delivery: 'remote',
        language: 'ar',
        capacity: 10,
        startsAt: new Date(Date.now() - 3 * 86_400_000),
        endsAt: new Date(Date.now() - 3 * 86_400_000 + 3_600_000),
      })
      .returning({ id: scheduledSessions.id });
    const pastDay = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const items = (await list(`from=${pastDay}&to=${pastDay}`, student)).json().items;
    expect(items.some((item: { id: number }) => item.id === past?.id)).toBe(false);
    expect(
      (await t.call({ method: 'GET', url: `/api/sessions/${past?.id}`, token: student })).statusCode,
    ).toBe(404);
  });

  it('holds the demo data: sessions in every branch in the next four weeks, and one exam open now', async () => {
    const now = new Date();
    const from = now.toISOString().slice(0, 10);
    const to = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const items = (await list(`from=${from}&to=${to}`)).json().items as {
      branchId: number;
      kind: string;
      startsAt: string;
      endsAt: string;
    }[];
    expect(new Set(items.map((item) => item.branchId)).size).toBe(3);
    expect(items.some((item) => item.kind === 'training')).toBe(true);
    const open = items.filter(
      (item) => item.kind === 'exam' && new Date(item.startsAt) <= now && new Date(item.endsAt) > now,
    );
    expect(open).toHaveLength(1);
  });
});

describe('GET /api/sessions/:id', () => {
  it('shows a session with the caller’s abilities; 404 outside the caller’s scope', async () => {
    const { ids } = (await addExam(exam({ branchId: jed, classroomId: jedRooms[0]?.id }))).json();
    const id = ids[0];
    const view = await t.call({ method: 'GET', url: `/api/sessions/${id}`, token: admin });
    expect(view.json()).toMatchObject({
      id,
      kind: 'exam',
      examType: 'Assessment',
      abilities: { edit: true, cancel: true, book: false },
    });
    const asStudent = await t.call({ method: 'GET', url: `/api/sessions/${id}`, token: student });
    expect(asStudent.json().abilities).toEqual({ edit: false, cancel: false, book: true });
    expect((await t.call({ method: 'GET', url: `/api/sessions/${id}`, token: branchAdmin })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call({ method: 'GET', url: `/api/sessions/${id}`, token: instructor.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/sessions/${id}`, token: examiner.token })).statusCode,
    ).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/sessions/abc', token: admin })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `/api/sessions/${id}` })).statusCode).toBe(401);
  });
});

describe('the scheduling policy', () => {
  it('tells the session check who may add sessions (create_8)', async () => {
    const mayCreate = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities
        .scheduling;
    expect(await mayCreate(admin)).toEqual({ create: true });
    expect(await mayCreate(student)).toEqual({ create: false });
  });
});

describe('admin writes: who may', () => {
  it('refuses a session’s writes to those without the right (403), and branch staff another branch', async () => {
    for (const token of [teller, student, instructor.token, corporate]) {
      expect((await addTraining(training(), token)).statusCode).toBe(403);
      expect((await addExam(exam(), token)).statusCode).toBe(403);
    }
    expect((await addTraining(training())).statusCode).toBe(201);
    const other = await addExam(exam({ branchId: jed, classroomId: jedRooms[0]?.id }), branchAdmin);
    expect(other.json()).toMatchObject({ statusCode: 400, fields: { branchId: 'SELECT_BRANCH' } });
    expect((await addExam(exam(), branchAdmin)).statusCode).toBe(201);
    expect((await t.call({ method: 'POST', url: '/api/sessions/exam', payload: exam() })).statusCode).toBe(
      401,
    );
    expect(
      (await t.call({ method: 'GET', url: '/api/sessions/form-options', token: student })).statusCode,
    ).toBe(403);
  });

  it('gives the forms their choices: branches in scope with rooms, courses, instructors and examiners', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/sessions/form-options', token: admin })).json();
    expect(all.branches.length).toBe(3);
    expect(all.examiners.map((item: { id: number }) => item.id)).toContain(examiner.userId);
    expect(all.instructors.map((item: { id: number }) => item.id)).toContain(instructor.userId);
    expect(all.instructors.map((item: { id: number }) => item.id)).not.toContain(examiner.userId);
    expect(all.courses[0]).toMatchObject({ hasExam: true });
    const branch = (
      await t.call({ method: 'GET', url: '/api/sessions/form-options', token: branchAdmin })
    ).json();
    expect(branch.branches.map((item: { id: number }) => item.id)).toEqual([ruh]);
    expect(branch.branches[0].rooms).toHaveLength(ruhRooms.length);
  });
});

describe('PATCH and cancel', () => {
  it('edits a training session, naming a clash, and keeps the rest of its series', async () => {
    const date = '2031-11-03';
    const { ids } = (
      await addTraining(training({ date, repeatWeeklyUntil: '2031-11-10', classroomId: ruhRooms[1]?.id }))
    ).json();
    const edit = await t.call({
      method: 'PATCH',
      url: `/api/sessions/training/${ids[0]}`,
      token: admin,
      payload: training({ date, startTime: '13:00', endTime: '15:00', classroomId: ruhRooms[1]?.id }),
    });
    expect(edit.json()).toMatchObject({ message: 'Records have been updated.' });
    const [row] = await t.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, ids[0]));
    expect(row?.startsAt.toISOString()).toBe('2031-11-03T10:00:00.000Z');
    const clash = await t.call({
      method: 'PATCH',
      url: `/api/sessions/training/${ids[1]}`,
      token: admin,
      payload: training({ date, startTime: '14:00', endTime: '16:00', classroomId: ruhRooms[1]?.id }),
    });
    expect(clash.json()).toMatchObject({ statusCode: 409, code: 'SESSION_ROOM_CLASH' });
    const wrongKind = await t.call({
      method: 'PATCH',
      url: `/api/sessions/exam/${ids[0]}`,
      token: admin,
      payload: exam(),
    });
    expect(wrongKind.statusCode).toBe(404);
    const branchOnly = await t.call({
      method: 'PATCH',
      url: `/api/sessions/training/${ids[0]}`,
      token: teller,
      payload: training(),
    });
    expect(branchOnly.statusCode).toBe(403);
  });

  it('cancels a session without bookings, refuses one with bookings, and frees its room', async () => {
    const date = freshDay();
    const free = (await addTraining(training({ date }))).json().ids[0];
    const cancel = await t.call({
      method: 'POST',
      url: `/api/sessions/${free}/cancel`,
      token: admin,
      lang: 'ar',
    });
    expect(cancel.json()).toMatchObject({ id: free, message: 'تم إلغاء الجلسة.' });
    expect((await addTraining(training({ date }))).statusCode).toBe(201);
    const again = await t.call({ method: 'POST', url: `/api/sessions/${free}/cancel`, token: admin });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'SESSION_CANCELLED_ALREADY' });

    const booked = (await addExam(exam())).json().ids[0];
    await bookSeat(booked);
    const refused = await t.call({ method: 'POST', url: `/api/sessions/${booked}/cancel`, token: admin });
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'SESSION_HAS_BOOKINGS' });
    expect(
      (await t.call({ method: 'POST', url: `/api/sessions/${booked}/cancel`, token: teller })).statusCode,
    ).toBe(403);
  });
});

/** A booking holding a seat, written straight to the database (bookings are another module's). */
async function bookSeat(sessionId: number) {
  const [row] = await t.db
    .select({ studentId: students.id, userId: students.userId })
    .from(students)
    .limit(1);
  if (!row) throw new Error('no demo student');
  await t.db.insert(bookings).values({
    sessionId,
    studentId: row.studentId,
    channel: 'counter',
    status: 'Booked',
    originalFee: 10_000,
    amanaFee: 0,
    vat: 1_500,
    total: 11_500,
    amountPaid: 11_500,
    bookedByUserId: row.userId,
  });
  await t.db.update(scheduledSessions).set({ seatsTaken: 1 }).where(eq(scheduledSessions.id, sessionId));
}

describe('deleting a room', () => {
  const addRoom = async (name: string) =>
    (
      await t.call({
        method: 'POST',
        url: `/api/branches/${ruh}/classrooms`,
        token: admin,
        payload: { name, capacity: 12 },
      })
    ).json().id as number;
  const deleteRoom = (id: number, lang?: 'en' | 'ar') =>
    t.call({ method: 'DELETE', url: `/api/classrooms/${id}`, token: admin, lang });

  it('refuses a room with booked sessions with the spec’s message', async () => {
    const room = await addRoom('Booked Hall');
    const id = (await addExam(exam({ classroomId: room }))).json().ids[0];
    await bookSeat(id);
    const response = await deleteRoom(room);
    expect(response.json()).toMatchObject({
      statusCode: 409,
      code: 'CLASS_HAS_BOOKED_SESSIONS',
      message: "Class Can't be Deleted, It have Booked Sessions",
    });
  });

  it('refuses a room with sessions but no bookings, saying so; deletes a room without any', async () => {
    const room = await addRoom('Scheduled Hall');
    await addExam(exam({ classroomId: room }));
    expect((await deleteRoom(room)).json()).toMatchObject({ statusCode: 409, code: 'CLASS_HAS_SESSIONS' });
    const empty = await addRoom('Empty Hall');
    expect((await deleteRoom(empty)).json()).toEqual({ message: 'Class Deleted Successfully' });
  });
});

/** A Riyadh local date `days` from today (negative: before). */
function riyadhDayFromToday(days: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** A session written straight to the database that started an hour ago (the API refuses to make one). */
async function insertStartedSession() {
  const [row] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId,
      branchId: ruh,
      delivery: 'remote',
      language: 'ar',
      capacity: 10,
      staffUserId: instructor.userId,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: scheduledSessions.id });
  if (!row) throw new Error('no session written');
  return row.id;
}

const editTraining = (id: number, payload: object, token = admin, lang?: 'en' | 'ar') =>
  t.call({ method: 'PATCH', url: `/api/sessions/training/${id}`, token, payload, lang });

async function seriesRows(seriesId: string) {
  return t.db
    .select()
    .from(scheduledSessions)
    .where(eq(scheduledSessions.seriesId, seriesId))
    .orderBy(asc(scheduledSessions.startsAt));
}

describe('sessions in the past', () => {
  it('refuses to add a session on a past day (on the date) or earlier today (on the start time), in both languages', async () => {
    const yesterday = await addTraining(training({ date: riyadhDayFromToday(-1) }));
    expect(yesterday.json()).toMatchObject({
      statusCode: 400,
      code: 'SESSION_START_IN_PAST',
      fields: { date: 'SESSION_START_IN_PAST' },
      message: 'A session cannot start in the past: please choose a later date or time.',
    });
    const today = await addExam(
      exam({ date: riyadhDayFromToday(0), startTime: '00:00', endTime: '00:01' }),
      admin,
      'ar',
    );
    expect(today.json()).toMatchObject({
      statusCode: 400,
      fields: { startTime: 'SESSION_START_IN_PAST' },
      message: 'لا يمكن أن تبدأ الجلسة في وقت مضى: يرجى اختيار تاريخ أو وقت لاحق.',
    });
    const repeated = await addTraining(
      training({ date: riyadhDayFromToday(-7), repeatWeeklyUntil: riyadhDayFromToday(14) }),
    );
    expect(repeated.json().fields).toEqual({ date: 'SESSION_START_IN_PAST' });
  });

  it('refuses to move a session into the past, and any edit of a session that has started; it can still be cancelled', async () => {
    const id = (await addTraining(training())).json().ids[0];
    const moved = await editTraining(id, training({ date: riyadhDayFromToday(-2) }));
    expect(moved.json()).toMatchObject({ statusCode: 400, fields: { date: 'SESSION_START_IN_PAST' } });
    const started = await insertStartedSession();
    const edit = await editTraining(
      started,
      training({ delivery: 'remote', classroomId: null, capacity: 10, date: riyadhDayFromToday(3) }),
      admin,
      'ar',
    );
    expect(edit.json()).toMatchObject({
      statusCode: 409,
      code: 'SESSION_STARTED',
      message: 'بدأت هذه الجلسة ولم يعد تعديلها ممكناً؛ ويمكن إلغاؤها إن لم تكن فيها حجوزات.',
    });
    const cancel = await t.call({ method: 'POST', url: `/api/sessions/${started}/cancel`, token: admin });
    expect(cancel.statusCode).toBe(200);
  });
});

describe('editing a weekly series', () => {
  it('changes this and the following sessions (times, room, language), not the earlier ones', async () => {
    const { ids, seriesId } = (
      await addTraining(
        training({ date: '2032-02-02', repeatWeeklyUntil: '2032-02-23', classroomId: ruhRooms[1]?.id }),
      )
    ).json();
    const edit = await editTraining(
      ids[1],
      training({
        date: '2032-02-09',
        startTime: '13:00',
        endTime: '15:00',
        classroomId: ruhRooms[0]?.id,
        language: 'en',
        scope: 'following',
      }),
    );
    expect(edit.json()).toMatchObject({ ids: ids.slice(1), seriesId, message: 'Records have been updated.' });
    const rows = await seriesRows(seriesId);
    expect(rows.map((row) => [row.startsAt.toISOString(), row.classroomId, row.language])).toEqual([
      ['2032-02-02T06:00:00.000Z', ruhRooms[1]?.id, 'ar'],
      ['2032-02-09T10:00:00.000Z', ruhRooms[0]?.id, 'en'],
      ['2032-02-16T10:00:00.000Z', ruhRooms[0]?.id, 'en'],
      ['2032-02-23T10:00:00.000Z', ruhRooms[0]?.id, 'en'],
    ]);
  });

  it('moves the following sessions by as many days as the edited one, even a week onto their own old dates', async () => {
    const { ids, seriesId } = (
      await addTraining(
        training({ date: '2032-03-01', repeatWeeklyUntil: '2032-03-15', classroomId: ruhRooms[1]?.id }),
      )
    ).json();
    const week = await editTraining(
      ids[0],
      training({ date: '2032-03-08', classroomId: ruhRooms[1]?.id, scope: 'following' }),
    );
    expect(week.statusCode).toBe(200);
    const day = await editTraining(
      ids[0],
      training({ date: '2032-03-09', classroomId: ruhRooms[1]?.id, scope: 'following' }),
    );
    expect(day.statusCode).toBe(200);
    const rows = await seriesRows(seriesId);
    expect(rows.map((row) => row.startsAt.toISOString())).toEqual([
      '2032-03-09T06:00:00.000Z',
      '2032-03-16T06:00:00.000Z',
      '2032-03-23T06:00:00.000Z',
    ]);
  });

  it('refuses the whole edit when one session of the series clashes, naming that clash, and changes none', async () => {
    const { ids, seriesId } = (
      await addTraining(
        training({ date: '2032-04-05', repeatWeeklyUntil: '2032-04-26', classroomId: ruhRooms[1]?.id }),
      )
    ).json();
    const blocker = (
      await addExam(
        exam({ date: '2032-04-19', startTime: '14:00', endTime: '16:00', classroomId: ruhRooms[1]?.id }),
      )
    ).json().ids[0];
    const clash = await editTraining(
      ids[0],
      training({
        date: '2032-04-05',
        startTime: '13:00',
        endTime: '15:00',
        classroomId: ruhRooms[1]?.id,
        scope: 'following',
      }),
    );
    expect(clash.json()).toMatchObject({
      statusCode: 409,
      code: 'SESSION_ROOM_CLASH',
      message: `${ruhRooms[1]?.name} is already booked on 2032-04-19 from 14:00 to 16:00.`,
      data: { clashSessionId: blocker },
    });
    const rows = await seriesRows(seriesId);
    expect(rows.map((row) => row.startsAt.toISOString().slice(11, 16))).toEqual([
      '06:00',
      '06:00',
      '06:00',
      '06:00',
    ]);
    // The same edit of that one session alone does not clash.
    const one = await editTraining(
      ids[0],
      training({ date: '2032-04-05', startTime: '13:00', endTime: '15:00', classroomId: ruhRooms[1]?.id }),
    );
    expect(one.json()).toMatchObject({ ids: [ids[0]] });
  });

  it('refuses a capacity below the seats booked in any session of the series, changing none', async () => {
    const { ids, seriesId } = (
      await addTraining(
        training({
          date: '2032-05-03',
          repeatWeeklyUntil: '2032-05-17',
          delivery: 'remote',
          classroomId: null,
          capacity: 30,
          startTime: '18:00',
          endTime: '20:00',
        }),
      )
    ).json();
    await t.db.update(scheduledSessions).set({ seatsTaken: 12 }).where(eq(scheduledSessions.id, ids[2]));
    const response = await editTraining(
      ids[0],
      training({
        date: '2032-05-03',
        delivery: 'remote',
        classroomId: null,
        capacity: 10,
        startTime: '18:00',
        endTime: '20:00',
        scope: 'following',
      }),
    );
    expect(response.json()).toMatchObject({
      statusCode: 409,
      code: 'CAPACITY_BELOW_BOOKED',
      fields: { capacity: 'CAPACITY_BELOW_BOOKED' },
      data: { sessionId: ids[2] },
    });
    expect((await seriesRows(seriesId)).map((row) => row.capacity)).toEqual([30, 30, 30]);
  });

  it('refuses callers without the right (403), branch staff another branch’s series (404), and an unknown scope', async () => {
    const { ids } = (
      await addTraining(
        training({
          date: '2032-06-07',
          repeatWeeklyUntil: '2032-06-14',
          branchId: jed,
          classroomId: jedRooms[0]?.id,
        }),
      )
    ).json();
    const body = training({
      date: '2032-06-07',
      branchId: jed,
      classroomId: jedRooms[0]?.id,
      scope: 'following',
    });
    for (const token of [teller, student, corporate, instructor.token, amanah]) {
      expect((await editTraining(ids[0], body, token)).statusCode).toBe(403);
    }
    expect((await editTraining(ids[0], body, branchAdmin)).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'PATCH', url: `/api/sessions/training/${ids[0]}`, payload: body })).statusCode,
    ).toBe(401);
    const unknown = await editTraining(ids[0], { ...body, scope: 'all' });
    expect(unknown.json()).toMatchObject({ statusCode: 400, fields: { scope: 'INVALID_VALUE' } });
    // A training session is no exam session: not found, before its body is read (decision 0027).
    const exam = await t.call({
      method: 'PATCH',
      url: `/api/sessions/exam/${ids[0]}`,
      token: admin,
      payload: { ...body, scope: 'following' },
    });
    expect(exam.statusCode).toBe(404);
  });
});

describe('cancelling a weekly series', () => {
  const cancel = (id: number, payload?: object, token = admin) =>
    t.call({ method: 'POST', url: `/api/sessions/${id}/cancel`, token, payload });

  it('cancels this and the following sessions, all or none: a later one with bookings refuses the whole cancel', async () => {
    const { ids, seriesId } = (
      await addTraining(
        training({ date: '2032-07-05', repeatWeeklyUntil: '2032-07-26', classroomId: ruhRooms[1]?.id }),
      )
    ).json();
    await bookSeat(ids[3]);
    const refused = await cancel(ids[1], { scope: 'following' });
    expect(refused.json()).toMatchObject({
      statusCode: 409,
      code: 'SESSION_SERIES_HAS_BOOKINGS',
      message:
        'The session of 2032-07-26 in this series has bookings, so nothing was cancelled: cancel or move its bookings first, or cancel the sessions one by one.',
      data: { sessionId: ids[3] },
    });
    expect((await seriesRows(seriesId)).map((row) => row.status)).toEqual([
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    const one = await cancel(ids[2]);
    expect(one.json()).toMatchObject({ id: ids[2], ids: [ids[2]] });
    const { ids: more, seriesId: other } = (
      await addTraining(
        training({ date: '2032-08-02', repeatWeeklyUntil: '2032-08-16', classroomId: ruhRooms[1]?.id }),
      )
    ).json();
    const following = await cancel(more[1], { scope: 'following' });
    expect(following.json()).toMatchObject({
      ids: more.slice(1),
      message: 'The session has been cancelled.',
    });
    expect((await seriesRows(other)).map((row) => row.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
    ]);
    expect((await cancel(more[0], { scope: 'all' })).statusCode).toBe(400);
    expect((await cancel(more[0], { scope: 'following' }, teller)).statusCode).toBe(403);
  });
});

describe('Remote exam sessions', () => {
  it('gives a Remote exam session its own seat limit and no room; an exam without a room or a limit is refused', async () => {
    // Days of their own, after every other test's.
    const response = await addExam(
      exam({ date: '2036-02-04', delivery: 'remote', classroomId: null, capacity: 20 }),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.id, response.json().ids[0]));
    expect(row).toMatchObject({ kind: 'exam', capacity: 20, classroomId: null, delivery: 'remote' });
    const noRoom = await addExam(exam({ date: '2036-02-05', classroomId: undefined }));
    expect(noRoom.json()).toMatchObject({ statusCode: 400, fields: { classroomId: 'SELECT_CLASSROOM' } });
    const noLimit = await addExam(exam({ date: '2036-02-06', delivery: 'remote', classroomId: null }));
    expect(noLimit.json()).toMatchObject({ statusCode: 400, fields: { capacity: 'CAPACITY_INVALID' } });
  });
});
