import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courses } from '../../db/schema/index.ts';
import { seedDemoCourses } from '../../seed/demo-courses.ts';
import { COURSE_SESSIONS, courseCalls, feeSetupIdOf, newCourse } from '../../test/courses.ts';
import { atOnce, expectOneWinner, RACERS } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let api: ReturnType<typeof courseCalls>;
let trainer: string;
let courseFeeId: number;
let admin: string;
let retakeFeeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  api = courseCalls(t);
  admin = (await t.loginAs('super admin')).token;
  trainer = (await t.loginAs('TrainingManager')).token;
  courseFeeId = await feeSetupIdOf(t, 'course');
  retakeFeeId = await feeSetupIdOf(t, 'retake');
});
afterAll(async () => {
  await t.close();
});

describe('who may use courses (resource 6)', () => {
  it.each([
    ['super admin', 200],
    ['TrainingManager', 200],
    ['branch admin', 200],
    ['CEO', 200],
    ['Teller', 403],
    ['CFO', 403],
    ['student', 403],
    ['corporate', 403],
    ['Instructor', 403],
  ] as const)('the course list for %s answers %i', async (type, status) => {
    const { token } = await t.loginAs(type);
    expect((await t.call({ method: 'GET', url: '/api/courses', token })).statusCode).toBe(status);
  });

  it.each([
    ['super admin', 201],
    ['TrainingManager', 201],
    ['branch admin', 403],
    ['CEO', 403],
    ['Teller', 403],
    ['student', 403],
    ['corporate', 403],
  ] as const)('adding a course as %s answers %i', async (type, status) => {
    const { token } = await t.loginAs(type);
    expect((await api.create(token, newCourse(courseFeeId))).statusCode).toBe(status);
  });

  it('asks for a login first', async () => {
    expect((await t.call({ method: 'GET', url: '/api/courses' })).statusCode).toBe(401);
  });

  it('lets readers see a course but not change it', async () => {
    const { token } = await t.loginAs('CEO');
    const { id } = (await api.create(admin, newCourse(courseFeeId))).json();
    const course = await api.read(token, id);
    expect(course.json().abilities).toEqual({ edit: false, editCourse: false });
    const patched = await api.patch(token, id, newCourse(courseFeeId));
    expect(patched.statusCode).toBe(403);
    expect((await api.put(token, id, 'sessions', { sessions: COURSE_SESSIONS })).statusCode).toBe(403);
  });

  it('answers 404 for a course that does not exist', async () => {
    expect((await api.read(admin, 999_999)).statusCode).toBe(404);
    const patched = await api.patch(admin, 999_999, newCourse(courseFeeId));
    expect(patched.statusCode).toBe(404);
    expect((await api.put(admin, 999_999, 'sessions', { sessions: COURSE_SESSIONS })).statusCode).toBe(404);
  });
});

describe('the course list', () => {
  it('lists the five demo courses with their fee totals from the shared money module', async () => {
    const page = (await t.call({ method: 'GET', url: '/api/courses?search=hygiene', token: trainer })).json();
    const laundry = page.items.find((item: { nameEn: string }) => item.nameEn === 'Laundry Hygiene');
    // SAR 200 + 10 % Amana (20) + 15 % VAT on the original fee (30) = SAR 250.00
    expect(laundry).toMatchObject({ sector: 'laundry', language: 'ur', sessionCount: 2, feeTotal: 25_000 });
    expect(laundry.wizardStep).toBe('exam');
  });

  it('finds courses by part of either name and filters by sector, language and status', async () => {
    const byArabic = (
      await t.call({
        method: 'GET',
        url: `/api/courses?search=${encodeURIComponent('الحلاقة')}`,
        token: trainer,
      })
    ).json();
    expect(byArabic.items.map((item: { nameEn: string }) => item.nameEn)).toEqual(['Barber Shop Hygiene']);
    const filtered = (
      await t.call({
        method: 'GET',
        url: '/api/courses?sector=beauty_parlour&language=fil&status=active',
        token: trainer,
      })
    ).json();
    expect(filtered.items).toHaveLength(1);
    const counted = await t.call({
      method: 'GET',
      url: '/api/courses/count?sector=beauty_parlour&language=fil&status=active',
      token: trainer,
    });
    expect(counted.json()).toEqual({ total: 1, capped: false });
    expect(filtered.items[0].nameEn).toBe('Beauty Parlour Health & Safety');
    const bad = await t.call({ method: 'GET', url: '/api/courses?sector=bakery', token: trainer });
    expect(bad.statusCode).toBe(400);
  });

  it('pages by keyset without repeating or skipping a course', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/courses?sort=nameAr&order=desc&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.call({ method: 'GET', url: query, token: trainer })).json();
      seen.push(...page.items.map((item: { id: number }) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const total = (await t.call({ method: 'GET', url: '/api/courses/count', token: trainer })).json().total;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('offers only fee setups for courses, each with its total', async () => {
    const options = (await t.call({ method: 'GET', url: '/api/courses/fee-options', token: trainer })).json();
    expect(options).toEqual([
      expect.objectContaining({
        id: courseFeeId,
        nameEn: 'Health education course',
        breakdown: expect.objectContaining({ total: 25_000 }),
      }),
    ]);
  });

  it('seeds the demo courses again without doubling them', async () => {
    await seedDemoCourses(t.db);
    const rows = await t.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.nameEn, 'Food Safety Basics'));
    expect(rows).toHaveLength(1);
  });
});

describe('step 1, main details', () => {
  it('creates a course, audited, that the wizard continues from', async () => {
    const response = await api.create(trainer, newCourse(courseFeeId));
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const course = (await api.read(trainer, response.json().id)).json();
    expect(course).toMatchObject({
      wizardStep: 'details',
      sessions: [],
      exam: null,
      imageFileId: null,
      descriptionAr: null,
      status: 'active',
      abilities: { edit: true, editCourse: true },
      fee: {
        id: courseFeeId,
        breakdown: { originalFee: 20_000, amanaFee: 2_000, vat: 3_000, total: 25_000 },
      },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.create'), eq(auditLog.entityId, String(course.id))));
    expect(audit?.after).toMatchObject({ nameEn: course.nameEn });
  });

  it.each([
    [{ nameEn: 'Food Safety 101' }, 'nameEn', 'Course name must be alphabetic'],
    [{ nameEn: 'سلامة الغذاء' }, 'nameEn', 'Course name must be alphabetic'],
    [{ nameAr: 'سلامة الغذاء ١٠١' }, 'nameAr', 'Course name must be alphabetic'],
    [{ nameAr: 'سلامة 2' }, 'nameAr', 'Course name must be alphabetic'],
    [{ nameAr: 'Food Safety' }, 'nameAr', 'Course name must be alphabetic'],
    [{ nameEn: '  ' }, 'nameEn', 'Please enter name'],
    [{ nameAr: undefined }, 'nameAr', 'Please enter name'],
    [{ sector: undefined }, 'sector', 'Please select the sector'],
    [{ sector: 'bakery' }, 'sector', 'Please select the sector'],
    [{ language: 'xx' }, 'language', 'Please select the training language'],
    [{ level: 'expert' }, 'level', 'Please select the level'],
    [{ feeSetupId: undefined }, 'feeSetupId', 'Please select the course fees'],
    [{ feeSetupId: 'abc' }, 'feeSetupId', 'Please select the course fees'],
    [{ descriptionEn: 'x'.repeat(2001) }, 'descriptionEn', 'This value is too long.'],
    [{ branchId: 1 }, 'branchId', 'This field is not allowed.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await api.create(trainer, newCourse(courseFeeId, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('refuses a fee setup that is not for courses, or that does not exist', async () => {
    for (const feeSetupId of [retakeFeeId, 999_999]) {
      const response = await api.create(trainer, newCourse(courseFeeId, { feeSetupId }));
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.feeSetupId).toBe('SELECT_COURSE_FEES');
    }
  });

  it('says in Arabic that a course name must be alphabetic', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/courses',
      token: trainer,
      lang: 'ar',
      payload: newCourse(courseFeeId, { nameAr: 'دورة ٣' }),
    });
    expect(response.json().message).toBe('يجب أن يتكون اسم الدورة من حروف فقط');
  });

  it('refuses a name another course has, in any letter case, on add and on edit', async () => {
    const first = newCourse(courseFeeId);
    const { id } = (await api.create(trainer, first)).json();
    const sameEnglish = await api.create(
      trainer,
      newCourse(courseFeeId, { nameEn: first.nameEn.toUpperCase() }),
    );
    expect(sameEnglish.statusCode).toBe(409);
    expect(sameEnglish.json()).toMatchObject({
      message: 'Name already exists',
      fields: { nameEn: 'NAME_EXISTS' },
    });
    const sameArabic = await api.create(trainer, newCourse(courseFeeId, { nameAr: first.nameAr }));
    expect(sameArabic.json().fields).toEqual({ nameAr: 'NAME_EXISTS' });
    const other = (await api.create(trainer, newCourse(courseFeeId))).json();
    const renamed = await api.patch(trainer, other.id, newCourse(courseFeeId, { nameEn: first.nameEn }));
    expect(renamed.statusCode).toBe(409);
    const kept = await api.patch(trainer, id, first);
    expect(kept.statusCode).toBe(200);
  });

  it('edits a course and audits before and after', async () => {
    const original = newCourse(courseFeeId);
    const { id } = (await api.create(trainer, original)).json();
    const changed = await api.patch(trainer, id, {
      ...original,
      level: 'advanced',
      status: 'inactive',
      descriptionAr: 'للعاملين في المطابخ',
    });
    expect(changed.json().message).toBe('Records have been updated.');
    expect((await api.read(trainer, id)).json()).toMatchObject({ level: 'advanced', status: 'inactive' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.entityId, String(id))));
    expect(audit?.before).toMatchObject({ level: 'basic', status: 'active' });
    expect(audit?.after).toMatchObject({ level: 'advanced', status: 'inactive' });
  });
});

describe('identical changes at once (races on PostgreSQL with TEST_DATABASE_URL)', () => {
  it('creates one course and answers the others "Name already exists" on its name', async () => {
    const course = newCourse(courseFeeId);
    expectOneWinner(await atOnce(() => api.create(trainer, course)), 201, {
      code: 'NAME_EXISTS',
      field: 'nameEn',
    });
  });

  it('gives one course a name and refuses the others on that name, in either language', async () => {
    const ids: number[] = [];
    for (let index = 0; index < RACERS; index++) {
      ids.push((await api.create(admin, newCourse(courseFeeId))).json().id);
    }
    const rename = (overrides: Record<string, string>) =>
      atOnce((index) => api.patch(admin, ids[index] ?? 0, newCourse(courseFeeId, overrides)));
    expectOneWinner(await rename({ nameEn: newCourse(courseFeeId).nameEn }), 200, {
      code: 'NAME_EXISTS',
      field: 'nameEn',
    });
    expectOneWinner(await rename({ nameAr: newCourse(courseFeeId).nameAr }), 200, {
      code: 'NAME_EXISTS',
      field: 'nameAr',
    });
  });
});

describe('an edit without a status', () => {
  it('keeps an inactive course inactive; a new one is active', async () => {
    const course = newCourse(courseFeeId);
    const { id } = (await api.create(trainer, course)).json();
    expect((await api.read(trainer, id)).json().status).toBe('active');
    await api.patch(trainer, id, { ...course, status: 'inactive' });
    expect((await api.patch(trainer, id, { ...course, descriptionEn: 'Changed.' })).statusCode).toBe(200);
    expect((await api.read(trainer, id)).json().status).toBe('inactive');
  });
});
