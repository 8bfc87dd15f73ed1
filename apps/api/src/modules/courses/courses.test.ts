import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courses, feeSetups, files, permissionGroups, users } from '../../db/schema/index.ts';
import { seedDemoCourses } from '../../db/seed/demo-courses.ts';
import { demoEmailOf } from '../../db/seed/demo-users.ts';
import { PDF_BYTES, PNG_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let trainer: string;
let courseFeeId: number;
let retakeFeeId: number;

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
  admin = (await t.loginAs('super admin')).token;
  trainer = (await t.loginAs('TrainingManager')).token;
  const fees = await t.db.select({ id: feeSetups.id, service: feeSetups.service }).from(feeSetups);
  courseFeeId = fees.find((fee) => fee.service === 'course')?.id ?? 0;
  retakeFeeId = fees.find((fee) => fee.service === 'retake')?.id ?? 0;
  await makeCreateOnlyUsers();
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
const LETTERS = 'abcdefghij';
const ARABIC_LETTERS = 'أبتثجحخدذر';
/** A course with names made of letters only (digits are refused in course names). */
function newCourse(overrides: Record<string, unknown> = {}) {
  seed++;
  const suffix = [...String(seed)].map((digit) => LETTERS[Number(digit)]).join('');
  const suffixAr = [...String(seed)].map((digit) => ARABIC_LETTERS[Number(digit)]).join('');
  return {
    nameEn: `Kitchen Hygiene ${suffix}`,
    nameAr: `نظافة المطابخ ${suffixAr}`,
    sector: 'food_safety',
    language: 'ur',
    level: 'basic',
    feeSetupId: courseFeeId,
    descriptionEn: 'For kitchen staff.',
    ...overrides,
  };
}

const SESSIONS = [
  { titleEn: 'Hand washing', titleAr: 'غسل اليدين', durationMinutes: 60, trainingType: 'in_person' },
  { titleEn: 'Storage', titleAr: 'التخزين', durationMinutes: '٩٠', trainingType: 'remote' },
];
const EXAM = { questionCount: 30, fullMarks: 100, passingMarks: 60, failedMarks: 59, durationMinutes: 45 };

const create = (token: string, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/courses', token, payload });
const put = (token: string, id: number, step: 'sessions' | 'exam', payload: unknown) =>
  t.call({ method: 'PUT', url: `/api/courses/${id}/${step}`, token, payload: payload as object });
const read = (token: string, id: number) => t.call({ method: 'GET', url: `/api/courses/${id}`, token });

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
    expect((await create(token, newCourse())).statusCode).toBe(status);
  });

  it('asks for a login first', async () => {
    expect((await t.call({ method: 'GET', url: '/api/courses' })).statusCode).toBe(401);
  });

  it('lets readers see a course but not change it', async () => {
    const { token } = await t.loginAs('CEO');
    const { id } = (await create(admin, newCourse())).json();
    const course = await read(token, id);
    expect(course.json().abilities).toEqual({ edit: false });
    const patched = await t.call({ method: 'PATCH', url: `/api/courses/${id}`, token, payload: newCourse() });
    expect(patched.statusCode).toBe(403);
    expect((await put(token, id, 'sessions', { sessions: SESSIONS })).statusCode).toBe(403);
  });

  it('answers 404 for a course that does not exist', async () => {
    expect((await read(admin, 999_999)).statusCode).toBe(404);
    const patched = await t.call({
      method: 'PATCH',
      url: '/api/courses/999999',
      token: admin,
      payload: newCourse(),
    });
    expect(patched.statusCode).toBe(404);
    expect((await put(admin, 999_999, 'sessions', { sessions: SESSIONS })).statusCode).toBe(404);
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
    expect(filtered.total).toBe(1);
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
    const total = (await t.call({ method: 'GET', url: '/api/courses?limit=1', token: trainer })).json().total;
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
    const response = await create(trainer, newCourse());
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const course = (await read(trainer, response.json().id)).json();
    expect(course).toMatchObject({
      wizardStep: 'details',
      sessions: [],
      exam: null,
      imageFileId: null,
      descriptionAr: null,
      status: 'active',
      abilities: { edit: true },
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
    const response = await create(trainer, newCourse(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('refuses a fee setup that is not for courses, or that does not exist', async () => {
    for (const feeSetupId of [retakeFeeId, 999_999]) {
      const response = await create(trainer, newCourse({ feeSetupId }));
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
      payload: newCourse({ nameAr: 'دورة ٣' }),
    });
    expect(response.json().message).toBe('يجب أن يتكون اسم الدورة من حروف فقط');
  });

  it('refuses a name another course has, in any letter case, on add and on edit', async () => {
    const first = newCourse();
    const { id } = (await create(trainer, first)).json();
    const sameEnglish = await create(trainer, newCourse({ nameEn: first.nameEn.toUpperCase() }));
    expect(sameEnglish.statusCode).toBe(409);
    expect(sameEnglish.json()).toMatchObject({
      message: 'Name already exists',
      fields: { nameEn: 'NAME_EXISTS' },
    });
    const sameArabic = await create(trainer, newCourse({ nameAr: first.nameAr }));
    expect(sameArabic.json().fields).toEqual({ nameAr: 'NAME_EXISTS' });
    const other = (await create(trainer, newCourse())).json();
    const renamed = await t.call({
      method: 'PATCH',
      url: `/api/courses/${other.id}`,
      token: trainer,
      payload: newCourse({ nameEn: first.nameEn }),
    });
    expect(renamed.statusCode).toBe(409);
    const kept = await t.call({ method: 'PATCH', url: `/api/courses/${id}`, token: trainer, payload: first });
    expect(kept.statusCode).toBe(200);
  });

  it('edits a course and audits before and after', async () => {
    const original = newCourse();
    const { id } = (await create(trainer, original)).json();
    const changed = await t.call({
      method: 'PATCH',
      url: `/api/courses/${id}`,
      token: trainer,
      payload: { ...original, level: 'advanced', status: 'inactive', descriptionAr: 'للعاملين في المطابخ' },
    });
    expect(changed.json().message).toBe('Records have been updated.');
    expect((await read(trainer, id)).json()).toMatchObject({ level: 'advanced', status: 'inactive' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'course.update'), eq(auditLog.entityId, String(id))));
    expect(audit?.before).toMatchObject({ level: 'basic', status: 'active' });
    expect(audit?.after).toMatchObject({ level: 'advanced', status: 'inactive' });
  });
});

describe('the wizard: sessions, then exam settings', () => {
  it('keeps the order: no exam before the sessions; sessions replace the whole list', async () => {
    const { id } = (await create(trainer, newCourse())).json();
    const early = await put(trainer, id, 'exam', EXAM);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please save the course sessions first.');

    const saved = await put(trainer, id, 'sessions', { sessions: SESSIONS });
    expect(saved.json().message).toBe('Records have been saved.');
    let course = (await read(trainer, id)).json();
    expect(course.wizardStep).toBe('sessions');
    expect(course.sessions).toEqual([
      { position: 1, ...SESSIONS[0] },
      { position: 2, ...SESSIONS[1], durationMinutes: 90 },
    ]);

    const again = await put(trainer, id, 'sessions', { sessions: [SESSIONS[1], SESSIONS[0], SESSIONS[0]] });
    expect(again.json().message).toBe('Records have been updated.');
    course = (await read(trainer, id)).json();
    expect(course.sessions.map((session: { titleEn: string }) => session.titleEn)).toEqual([
      'Storage',
      'Hand washing',
      'Hand washing',
    ]);

    const exam = await put(trainer, id, 'exam', { ...EXAM, durationMinutes: '٤٥' });
    expect(exam.json().message).toBe('Records have been saved.');
    course = (await read(trainer, id)).json();
    expect(course).toMatchObject({ wizardStep: 'exam', exam: EXAM });
    expect(
      (await put(trainer, id, 'exam', { ...EXAM, fullMarks: 50, passingMarks: 30, failedMarks: 29 })).json()
        .message,
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
    [{ sessions: Array(31).fill(SESSIONS[0]) }, 'sessions', 'A course can have at most 30 sessions.'],
    [{ sessions: [{ ...SESSIONS[0], titleEn: '' }] }, 'sessions.0.titleEn', 'Please enter the session title'],
    [
      { sessions: [{ ...SESSIONS[0], titleAr: ' ' }] },
      'sessions.0.titleAr',
      'Please enter the session title',
    ],
    [
      { sessions: [SESSIONS[0], { ...SESSIONS[0], durationMinutes: 0 }] },
      'sessions.1.durationMinutes',
      'Please enter the duration in minutes, from 1 to 600.',
    ],
    [
      { sessions: [{ ...SESSIONS[0], durationMinutes: '' }] },
      'sessions.0.durationMinutes',
      'Please enter the duration in minutes, from 1 to 600.',
    ],
    [
      { sessions: [{ ...SESSIONS[0], trainingType: 'hybrid' }] },
      'sessions.0.trainingType',
      'Please select the training type',
    ],
  ])('refuses sessions %j with the message for %s', async (payload, field, message) => {
    const { id } = (await create(trainer, newCourse())).json();
    const response = await put(trainer, id, 'sessions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
    expect((await read(trainer, id)).json().wizardStep).toBe('details');
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
  ])('refuses exam settings %j with the message for %s', async (overrides, field, message) => {
    const { id } = (await create(trainer, newCourse())).json();
    await put(trainer, id, 'sessions', { sessions: SESSIONS });
    const response = await put(trainer, id, 'exam', { ...EXAM, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('gives the exam rules in Arabic', async () => {
    const { id } = (await create(trainer, newCourse())).json();
    await put(trainer, id, 'sessions', { sessions: SESSIONS });
    const response = await t.call({
      method: 'PUT',
      url: `/api/courses/${id}/exam`,
      token: trainer,
      lang: 'ar',
      payload: { ...EXAM, passingMarks: 100 },
    });
    expect(response.json().message).toBe('يجب أن تكون درجة النجاح أقل من الدرجة الكاملة للاختبار');
  });
});

describe('create_6 without edit_6', () => {
  it('continues its own unfinished wizard, and nothing else', async () => {
    const drafter = (await t.loginAs('DevTeam')).token;
    const colleague = (await t.loginAs('HeadOfIT')).token;
    const draft = newCourse();
    const { id } = (await create(drafter, draft)).json();
    expect((await read(drafter, id)).json().abilities).toEqual({ edit: true });
    expect((await read(colleague, id)).json().abilities).toEqual({ edit: false });
    expect((await put(colleague, id, 'sessions', { sessions: SESSIONS })).statusCode).toBe(403);

    const patch = (token: string) =>
      t.call({ method: 'PATCH', url: `/api/courses/${id}`, token, payload: { ...draft, level: 'advanced' } });
    expect((await patch(drafter)).statusCode).toBe(200);
    expect((await put(drafter, id, 'sessions', { sessions: SESSIONS })).statusCode).toBe(200);
    expect((await put(drafter, id, 'exam', EXAM)).statusCode).toBe(200);

    // The wizard is finished: from now on the course is edited by those with edit_6.
    expect((await patch(drafter)).statusCode).toBe(403);
    expect((await put(drafter, id, 'exam', EXAM)).statusCode).toBe(403);
    expect((await read(drafter, id)).json().abilities).toEqual({ edit: false });
    expect((await patch(trainer)).statusCode).toBe(200);
  });
});

describe('the course image', () => {
  const upload = (id: number, bytes: Buffer, token = trainer, field = 'image') => {
    const form = new FormData();
    form.append(field, new Blob([bytes]), 'course.png');
    return t.call({ method: 'PUT', url: `/api/courses/${id}/image`, token, payload: form });
  };

  it('stores an image recognised by its bytes, shows it to any logged-in user, and replaces it', async () => {
    const { id } = (await create(trainer, newCourse())).json();
    const noImage = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: trainer });
    expect(noImage.statusCode).toBe(404);

    expect((await upload(id, PNG_BYTES)).statusCode).toBe(200);
    const first = (await read(trainer, id)).json().imageFileId;
    const student = (await t.loginAs('student')).token;
    const shown = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: student });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/courses/${id}/image` })).statusCode).toBe(401);

    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(16),
    ]);
    expect((await upload(id, webp)).statusCode).toBe(200);
    const second = (await read(trainer, id)).json().imageFileId;
    expect(second).not.toBe(first);
    expect(await t.db.select().from(files).where(eq(files.id, first))).toHaveLength(0);
    const replaced = await t.call({ method: 'GET', url: `/api/courses/${id}/image`, token: student });
    expect(replaced.headers['content-type']).toBe('image/webp');
  });

  it('refuses other files, by their bytes and size, and callers who may not change the course', async () => {
    const { id } = (await create(trainer, newCourse())).json();
    const text = await upload(id, TEXT_BYTES);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('This type of file is not allowed. Allowed: JPEG, PNG, WEBP.');
    expect((await upload(id, PDF_BYTES)).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const large = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(id, large);
    expect(tooLarge.json()).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { image: 'FILE_TOO_LARGE' } });
    expect((await upload(id, PNG_BYTES, trainer, 'photo')).json().code).toBe('UNKNOWN_FIELD');
    const empty = await t.call({
      method: 'PUT',
      url: `/api/courses/${id}/image`,
      token: trainer,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    const ceo = (await t.loginAs('CEO')).token;
    expect((await upload(id, PNG_BYTES, ceo)).statusCode).toBe(403);
    expect((await read(trainer, id)).json().imageFileId).toBeNull();
  });
});
