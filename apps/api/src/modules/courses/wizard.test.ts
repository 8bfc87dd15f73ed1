import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, permissionGroups, users } from '../../db/schema/index.ts';
import { demoEmailOf } from '../../seed/demo-users.ts';
import { COURSE_EXAM, COURSE_SESSIONS, courseCalls, feeSetupIdOf, newCourse } from '../../test/courses.ts';
import { atOnce, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof courseCalls>;
let trainer: string;
let courseFeeId: number;

/** Gives two demo accounts a group that may read and create courses, but not edit them. */
async function makeCreateOnlyUsers() {
  const [group] = await t.db
    .insert(permissionGroups)
    .values({
      nameEn: 'Course drafting',
      nameAr: 'إعداد الدورات',
      privileges: { 6: { read: true, create: true, edit: false, delete: false } },
    })
    .returning({ id: permissionGroups.id });
  for (const type of ['DevTeam', 'HeadOfIT'] as const) {
    await t.db
      .update(users)
      .set({ permissionGroupId: group?.id })
      .where(eq(users.email, demoEmailOf(type)));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  api = courseCalls(t);
  trainer = (await t.loginAs('TrainingManager')).token;
  courseFeeId = await feeSetupIdOf(t, 'course');
  await makeCreateOnlyUsers();
});
afterAll(async () => {
  await t.close();
});

describe('the wizard: sessions, then exam settings', () => {
  it('keeps the order: no exam before the sessions; sessions replace the whole list', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const early = await api.put(trainer, id, 'exam', COURSE_EXAM);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please save the course sessions first.');

    const saved = await api.put(trainer, id, 'sessions', { sessions: COURSE_SESSIONS });
    expect(saved.json().message).toBe('Records have been saved.');
    let course = (await api.read(trainer, id)).json();
    expect(course.wizardStep).toBe('sessions');
    expect(course.sessions).toEqual([
      { position: 1, ...COURSE_SESSIONS[0] },
      { position: 2, ...COURSE_SESSIONS[1], durationMinutes: 90 },
    ]);

    const again = await api.put(trainer, id, 'sessions', {
      sessions: [COURSE_SESSIONS[1], COURSE_SESSIONS[0], COURSE_SESSIONS[0]],
    });
    expect(again.json().message).toBe('Records have been updated.');
    course = (await api.read(trainer, id)).json();
    expect(course.sessions.map((session: { titleEn: string }) => session.titleEn)).toEqual([
      'Storage',
      'Hand washing',
      'Hand washing',
    ]);

    const exam = await api.put(trainer, id, 'exam', { ...COURSE_EXAM, durationMinutes: '٤٥' });
    expect(exam.json().message).toBe('Records have been saved.');
    course = (await api.read(trainer, id)).json();
    expect(course).toMatchObject({ wizardStep: 'exam', exam: COURSE_EXAM });
    expect(
      (
        await api.put(trainer, id, 'exam', {
          ...COURSE_EXAM,
          fullMarks: 50,
          passingMarks: 30,
          failedMarks: 29,
        })
      ).json().message,
    ).toBe('Records have been updated.');
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audits.map((audit) => audit.action)).toEqual(
      expect.arrayContaining(['course.sessions.replace', 'course.exam.save']),
    );
  });

  it.each([
    [{ sessions: [] }, 'sessions', 'Please add at least one session.'],
    [{}, 'sessions', 'Please add at least one session.'],
    [{ sessions: Array(31).fill(COURSE_SESSIONS[0]) }, 'sessions', 'A course can have at most 30 sessions.'],
    [
      { sessions: [{ ...COURSE_SESSIONS[0], titleEn: '' }] },
      'sessions.0.titleEn',
      'Please enter the session title',
    ],
    [
      { sessions: [{ ...COURSE_SESSIONS[0], titleAr: ' ' }] },
      'sessions.0.titleAr',
      'Please enter the session title',
    ],
    [
      { sessions: [COURSE_SESSIONS[0], { ...COURSE_SESSIONS[0], durationMinutes: 0 }] },
      'sessions.1.durationMinutes',
      'Please enter the duration in minutes, from 1 to 600.',
    ],
    [
      { sessions: [{ ...COURSE_SESSIONS[0], durationMinutes: '' }] },
      'sessions.0.durationMinutes',
      'Please enter the duration in minutes, from 1 to 600.',
    ],
    [
      { sessions: [{ ...COURSE_SESSIONS[0], trainingType: 'hybrid' }] },
      'sessions.0.trainingType',
      'Please select the training type',
    ],
  ])('refuses sessions %j with the message for %s', async (payload, field, message) => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const response = await api.put(trainer, id, 'sessions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
    expect((await api.read(trainer, id)).json().wizardStep).toBe('details');
  });

  const EXAM_FIELDS = 'An exam needs number of questions, full mark, passing mark, failed mark and duration';
  it.each([
    [{ passingMarks: 100 }, 'passingMarks', 'Passing marks must be less than exam full marks'],
    [{ passingMarks: 120 }, 'passingMarks', 'Passing marks must be less than exam full marks'],
    [{ failedMarks: 60 }, 'failedMarks', 'Failed marks must be less than passing marks'],
    [{ questionCount: undefined }, 'questionCount', EXAM_FIELDS],
    [{ fullMarks: '' }, 'fullMarks', EXAM_FIELDS],
    [{ passingMarks: null }, 'passingMarks', EXAM_FIELDS],
    [{ failedMarks: undefined }, 'failedMarks', EXAM_FIELDS],
    [{ durationMinutes: undefined }, 'durationMinutes', EXAM_FIELDS],
    [{ questionCount: 0 }, 'questionCount', 'Please enter a whole number within the allowed range.'],
    [{ fullMarks: 99.5 }, 'fullMarks', 'Please enter a whole number within the allowed range.'],
    [{ failedMarks: -1 }, 'failedMarks', 'Please enter a whole number within the allowed range.'],
    [{ failedMarks: '-5' }, 'failedMarks', 'Please enter a whole number within the allowed range.'],
    [{ passingMarks: -60 }, 'passingMarks', 'Please enter a whole number within the allowed range.'],
    [
      { fullMarks: 1000, passingMarks: 1000 },
      'passingMarks',
      'Passing marks must be less than exam full marks',
    ],
    [
      { fullMarks: 1001, passingMarks: 1000 },
      'fullMarks',
      'Please enter a whole number within the allowed range.',
    ],
    [{ fullMarks: '1,000' }, 'fullMarks', 'Please enter a whole number within the allowed range.'],
    [{ questionCount: 201 }, 'questionCount', 'Please enter a whole number within the allowed range.'],
    [{ durationMinutes: 601 }, 'durationMinutes', 'Please enter a whole number within the allowed range.'],
  ])('refuses exam settings %j with the message for %s', async (overrides, field, message) => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    await api.put(trainer, id, 'sessions', { sessions: COURSE_SESSIONS });
    const response = await api.put(trainer, id, 'exam', { ...COURSE_EXAM, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('gives the exam rules in Arabic', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    await api.put(trainer, id, 'sessions', { sessions: COURSE_SESSIONS });
    const response = await t.call({
      method: 'PUT',
      url: `/api/courses/${id}/exam`,
      token: trainer,
      lang: 'ar',
      payload: { ...COURSE_EXAM, passingMarks: 100 },
    });
    expect(response.json().message).toBe('يجب أن تكون درجة النجاح أقل من الدرجة الكاملة للاختبار');
  });
});

describe('identical wizard steps at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  it('saves the sessions and the exam of a course once each, then updates them, never a 500', async () => {
    const { id } = (await api.create(trainer, newCourse(courseFeeId))).json();
    const sessions = await atOnce(() => api.put(trainer, id, 'sessions', { sessions: COURSE_SESSIONS }));
    const exams = await atOnce(() => api.put(trainer, id, 'exam', COURSE_EXAM));
    for (const responses of [sessions, exams]) {
      expect(responses.map((response) => response.statusCode)).toEqual(Array(RACERS).fill(200));
      expect(responses.map((response) => response.json().message).sort()).toEqual(
        ['Records have been saved.', ...Array(RACERS - 1).fill('Records have been updated.')].sort(),
      );
    }
    expect((await api.read(trainer, id)).json()).toMatchObject({
      wizardStep: 'exam',
      sessions: [{ position: 1 }, { position: 2 }],
      exam: COURSE_EXAM,
    });
  });
});

describe('create_6 without edit_6', () => {
  it('continues its own unfinished wizard, and nothing else', async () => {
    const drafter = (await t.loginAs('DevTeam')).token;
    const colleague = (await t.loginAs('HeadOfIT')).token;
    const draft = newCourse(courseFeeId);
    const { id } = (await api.create(drafter, draft)).json();
    expect((await api.read(drafter, id)).json().abilities).toEqual({ edit: true, editCourse: false });
    expect((await api.read(colleague, id)).json().abilities).toEqual({ edit: false, editCourse: false });
    expect((await api.put(colleague, id, 'sessions', { sessions: COURSE_SESSIONS })).statusCode).toBe(403);

    const patch = (token: string) => api.patch(token, id, { ...draft, level: 'advanced' });
    expect((await patch(drafter)).statusCode).toBe(200);
    expect((await api.put(drafter, id, 'sessions', { sessions: COURSE_SESSIONS })).statusCode).toBe(200);
    expect((await api.put(drafter, id, 'exam', COURSE_EXAM)).statusCode).toBe(200);

    // The wizard is finished: from now on the course is edited by those with edit_6.
    expect((await patch(drafter)).statusCode).toBe(403);
    expect((await api.put(drafter, id, 'exam', COURSE_EXAM)).statusCode).toBe(403);
    expect((await api.read(drafter, id)).json().abilities).toEqual({ edit: false, editCourse: false });
    expect((await patch(trainer)).statusCode).toBe(200);
  });
});
