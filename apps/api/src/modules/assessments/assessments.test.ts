import { randomUUID } from 'node:crypto';
import { type MessageCode, translateMessage, type UserType } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptQuestions,
  bookings,
  courses,
  examAttempts,
  exams,
  questionAnswers,
  questionBanks,
  questions,
} from '../../db/schema/index.ts';
import { feeSetupIdOf, newCourse } from '../../test/courses.ts';
import { PNG_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { atOnce } from '../../test/races.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let courseFeeId: number;
let demoCourseId: number;
let demoExamId: number;

const key = () => ({ 'idempotency-key': randomUUID() });

function question(text: string, overrides: Record<string, unknown> = {}) {
  return {
    text,
    answers: [
      { text: `${text} — right`, correct: true },
      { text: `${text} — wrong`, correct: false },
      { text: `${text} — also wrong`, correct: false },
    ],
    ...overrides,
  };
}

function examInput(courseId: number, overrides: Record<string, unknown> = {}) {
  return {
    courseId,
    titleEn: 'Kitchen hygiene exam',
    titleAr: 'اختبار نظافة المطابخ',
    questionCount: 2,
    fullMarks: 100,
    passingMarks: 60,
    failedMarks: 59,
    durationMinutes: 30,
    review: 'score',
    status: 'inactive',
    ...overrides,
  };
}

const post = (url: string, token: string | undefined, payload: unknown, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url, token, payload: payload as object, headers: key(), lang });
const put = (url: string, token: string | undefined, payload: unknown) =>
  t.call({ method: 'PUT', url, token, payload: payload as object, headers: key() });
const get = (url: string, token?: string) => t.call({ method: 'GET', url, token });

/** A new course (no bank, no exam) and a draft exam of it. */
async function newDraftExam() {
  const course = await t.call({
    method: 'POST',
    url: '/api/courses',
    token: admin,
    payload: newCourse(courseFeeId),
  });
  expect(course.statusCode).toBe(201);
  const courseId = course.json<{ id: number }>().id;
  const exam = await post('/api/exams', admin, examInput(courseId));
  expect(exam.statusCode).toBe(201);
  return { courseId, examId: exam.json<{ id: number }>().id };
}

async function addQuestions(examId: number, language: string, texts: string[]) {
  const ids: number[] = [];
  for (const text of texts) {
    const response = await post(`/api/exams/${examId}/banks/${language}/questions`, admin, question(text));
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json<{ id: number }>().id);
  }
  return ids;
}

function expectMessage(response: { statusCode: number; json(): unknown }, status: number, code: MessageCode) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { code: string; message: string };
  expect(body.code).toBe(code);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  courseFeeId = await feeSetupIdOf(t, 'course');
  const [course] = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.nameEn, 'Food Safety Basics'));
  if (!course) throw new Error('no demo course');
  demoCourseId = course.id;
  const [exam] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.courseId, demoCourseId), eq(exams.status, 'active')));
  if (!exam) throw new Error('no demo exam');
  demoExamId = exam.id;
});
afterAll(async () => {
  await t.close();
});

describe('who may use assessments (resource 7) and the banks', () => {
  it('asks for a login first', async () => {
    expect((await get('/api/exams')).statusCode).toBe(401);
    expect((await get(`/api/exams/${demoExamId}`)).statusCode).toBe(401);
    expect((await get(`/api/exams/${demoExamId}/banks/en`)).statusCode).toBe(401);
    expect(
      (await post(`/api/exams/${demoExamId}/banks/en/questions`, undefined, question('x'))).statusCode,
    ).toBe(401);
  });

  it.each([
    ['super admin', 200],
    ['TrainingManager', 200],
    ['CEO', 200],
    ['Teller', 403],
    ['branch admin', 403],
    ['Examiner', 403],
    ['student', 403],
    ['corporate', 403],
  ] as const)('the exam list for %s answers %i', async (type, status) => {
    const { token } = await t.loginAs(type);
    expect((await get('/api/exams', token)).statusCode).toBe(status);
  });

  it.each([
    ['super admin', 200],
    ['TrainingManager', 200],
    ['CEO', 200],
    ['Examiner', 200],
    ['Teller', 403],
    ['branch admin', 403],
    ['student', 403],
    ['corporate', 403],
  ] as const)('a bank with its correct answers, for %s, answers %i', async (type, status) => {
    const { token } = await t.loginAs(type);
    const response = await get(`/api/exams/${demoExamId}/banks/en`, token);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.body).not.toContain('correct');
  });

  it.each([
    ['TrainingManager', 201],
    ['Examiner', 201],
    ['CEO', 403],
    ['Teller', 403],
    ['student', 403],
    ['corporate', 403],
  ] as const)('adding a question to a demo bank as %s answers %i', async (type: UserType, status) => {
    const { token } = await t.loginAs(type);
    const response = await post(
      `/api/exams/${demoExamId}/banks/hi/questions`,
      token,
      question(`From ${type}`),
    );
    expect(response.statusCode).toBe(status);
  });

  it('keeps an examiner to the courses of the exam sessions given to them', async () => {
    const { token } = await t.loginAs('Examiner');
    const { examId } = await newDraftExam();
    expect((await get(`/api/exams/${examId}/banks/en`, token)).statusCode).toBe(403);
    expect(
      (await post(`/api/exams/${examId}/banks/en/questions`, token, question('Not mine'))).statusCode,
    ).toBe(403);
    expect((await get(`/api/exams/${examId}/banks/en/export`, token)).statusCode).toBe(403);
  });

  it.each([
    ['TrainingManager', 201],
    ['CEO', 403],
    ['Examiner', 403],
    ['student', 403],
  ] as const)('creating an exam as %s answers %i', async (type, status) => {
    const { token } = await t.loginAs(type);
    const course = await t.call({
      method: 'POST',
      url: '/api/courses',
      token: admin,
      payload: newCourse(courseFeeId),
    });
    const response = await post('/api/exams', token, examInput(course.json<{ id: number }>().id));
    expect(response.statusCode).toBe(status);
  });

  it('lets readers see an exam and refuses them its edit', async () => {
    const { token } = await t.loginAs('CEO');
    const view = await get(`/api/exams/${demoExamId}`, token);
    expect(view.statusCode).toBe(200);
    expect(view.json().abilities).toEqual({ edit: false, editQuestions: false });
    expect((await put(`/api/exams/${demoExamId}`, token, examInput(demoCourseId))).statusCode).toBe(403);
  });

  it("sends each caller's abilities with a bank and in the session check (the assessments policy)", async () => {
    const { token: ceo } = await t.loginAs('CEO');
    const abilitiesOf = async (token: string) => {
      const bank = (await get(`/api/exams/${demoExamId}/banks/en`, token)).json();
      const session = (
        await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })
      ).json();
      return { bank: bank.abilities, caller: session.abilities.assessments };
    };
    expect(await abilitiesOf(admin)).toEqual({ bank: { editQuestions: true }, caller: { create: true } });
    expect(await abilitiesOf(ceo)).toEqual({ bank: { editQuestions: false }, caller: { create: false } });
  });

  it('answers 404 for an exam or a question that does not exist', async () => {
    expect((await get('/api/exams/999999', admin)).statusCode).toBe(404);
    expect((await get('/api/exams/999999/banks/en', admin)).statusCode).toBe(404);
    expect((await put('/api/questions/999999', admin, question('x'))).statusCode).toBe(404);
    expect((await post('/api/questions/999999/retire', admin, {})).statusCode).toBe(404);
  });

  it('asks for an Idempotency-Key on every exam write', async () => {
    const response = await t.call({
      method: 'POST',
      url: `/api/exams/${demoExamId}/banks/en/questions`,
      token: admin,
      payload: question('No key'),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the exam list and detail', () => {
  it('lists the demo exams with filters and a count, and shows the banks of every language', async () => {
    const list = await get(`/api/exams?courseId=${demoCourseId}&status=active`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([demoExamId]);
    const searched = await get('/api/exams?search=food%20safety%20basics', admin);
    expect(searched.json().items.map((item: { id: number }) => item.id)).toContain(demoExamId);
    const count = await get('/api/exams/count?status=active', admin);
    expect(count.json().total).toBeGreaterThanOrEqual(5);
    const detail = await get(`/api/exams/${demoExamId}`, admin);
    const banks = detail.json().banks as { language: string; questionCount: number }[];
    expect(banks).toHaveLength(11);
    expect(
      banks
        .filter((bank) => bank.questionCount >= 40)
        .map((bank) => bank.language)
        .sort(),
    ).toEqual(['ar', 'en', 'ur']);
  });

  it('gives a bank its direction, and links the same item across languages', async () => {
    const ar = (await get(`/api/exams/${demoExamId}/banks/ar`, admin)).json();
    expect(ar.direction).toBe('rtl');
    expect(ar.questions[0].linkedLanguages.sort()).toEqual(['en', 'ur']);
    const en = (await get(`/api/exams/${demoExamId}/banks/en`, admin)).json();
    expect(en.direction).toBe('ltr');
    expect(en.questions[0].itemKey).toBe(ar.questions[0].itemKey);
  });

  it('refuses a language that is not an exam language and a NUL byte', async () => {
    expect((await get(`/api/exams/${demoExamId}/banks/xx`, admin)).statusCode).toBe(400);
    const nul = await post(`/api/exams/${demoExamId}/banks/en/questions`, admin, question('Bad\u0000text'));
    expect(nul.statusCode).toBe(400);
    const exam = await post('/api/exams', admin, examInput(demoCourseId, { titleEn: 'a\u0000b' }));
    expect(exam.statusCode).toBe(400);
  });
});

describe('the §5 exam rules, each with its message', () => {
  it('wants passing marks below full marks', async () => {
    const response = await post('/api/exams', admin, examInput(demoCourseId, { passingMarks: 100 }));
    expectMessage(response, 400, 'PASSING_MARKS_BELOW_FULL');
    expect(response.json().message).toBe('Passing marks must be less than exam full marks');
  });

  it.each(['questionCount', 'fullMarks', 'passingMarks', 'failedMarks', 'durationMinutes'])(
    'wants %s',
    async (field) => {
      const response = await post('/api/exams', admin, examInput(demoCourseId, { [field]: '' }), 'ar');
      expectMessage(response, 400, 'EXAM_FIELDS_REQUIRED');
      expect(response.json().message).toBe(translateMessage('EXAM_FIELDS_REQUIRED', 'ar'));
    },
  );

  it('wants at least one question before an exam is active', async () => {
    const { courseId, examId } = await newDraftExam();
    const response = await put(`/api/exams/${examId}`, admin, examInput(courseId, { status: 'active' }));
    expectMessage(response, 400, 'QUESTIONS_REQUIRED');
    expect(response.json().message).toBe('Please add at least one question');
  });

  it('wants no more exam questions than a bank holds', async () => {
    const { courseId, examId } = await newDraftExam();
    await addQuestions(examId, 'en', ['One', 'Two']);
    await addQuestions(examId, 'ar', ['واحد']);
    const over = await put(`/api/exams/${examId}`, admin, examInput(courseId, { status: 'active' }));
    expectMessage(over, 400, 'EXAM_QUESTIONS_OVER_BANK');
    expect(over.json().message).toBe('Number of exam questions must be equal or less than bank questions');
    expect(over.json().data).toEqual({ language: 'ar', bankQuestions: 1 });
    await addQuestions(examId, 'ar', ['اثنان']);
    const fine = await put(`/api/exams/${examId}`, admin, examInput(courseId, { status: 'active' }));
    expect(fine.statusCode).toBe(200);
    const bigger = await put(
      `/api/exams/${examId}`,
      admin,
      examInput(courseId, { status: 'active', questionCount: 3 }),
    );
    expectMessage(bigger, 400, 'EXAM_QUESTIONS_OVER_BANK');
  });

  it.each([
    ['an empty text', question('  '), 'QUESTION_TEXT_REQUIRED'],
    ['no answers', question('Q', { answers: [] }), 'ANSWERS_REQUIRED'],
    ['one answer', question('Q', { answers: [{ text: 'Only', correct: true }] }), 'ANSWERS_COUNT'],
    [
      'an empty answer',
      question('Q', {
        answers: [
          { text: 'Yes', correct: true },
          { text: ' ', correct: false },
        ],
      }),
      'ANSWER_TEXT_REQUIRED',
    ],
    [
      'two correct answers',
      question('Q', {
        answers: [
          { text: 'Yes', correct: true },
          { text: 'No', correct: true },
        ],
      }),
      'ONE_CORRECT_ANSWER',
    ],
    [
      'no correct answer',
      question('Q', {
        answers: [
          { text: 'Yes', correct: false },
          { text: 'No', correct: false },
        ],
      }),
      'ONE_CORRECT_ANSWER',
    ],
  ] as const)('refuses a question with %s', async (_, payload, code) => {
    const before = await t.db.$count(questions);
    const response = await post(`/api/exams/${demoExamId}/banks/en/questions`, admin, payload, 'ar');
    expectMessage(response, 400, code);
    expect(response.json().message).toBe(translateMessage(code, 'ar'));
    expect(await t.db.$count(questions)).toBe(before);
  });

  it('keeps one active exam a course: a second is a 409, and twenty at once make one', async () => {
    const second = await post(
      '/api/exams',
      admin,
      examInput(demoCourseId, { status: 'active', questionCount: 10 }),
    );
    expectMessage(second, 409, 'EXAM_ACTIVE_EXISTS');
    const { courseId, examId } = await newDraftExam();
    await addQuestions(examId, 'en', ['One', 'Two']);
    const answers = await atOnce(() => post('/api/exams', admin, examInput(courseId, { status: 'active' })));
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(codes.length - 1);
    for (const response of answers.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().code).toBe('EXAM_ACTIVE_EXISTS');
    }
    const active = await t.db.$count(exams, and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
    expect(active).toBe(1);
  });
});

describe('questions: edit, link, retire, media', () => {
  it('edits a question and links it to the same question in another language', async () => {
    const { examId } = await newDraftExam();
    const [enId] = await addQuestions(examId, 'en', ['Wash hands?']);
    const linked = await post(
      `/api/exams/${examId}/banks/ar/questions`,
      admin,
      question('غسل اليدين؟', { linkTo: enId }),
    );
    expect(linked.statusCode).toBe(201);
    const en = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(en.questions[0].linkedLanguages).toEqual(['ar']);
    expect(linked.json().itemKey).toBe(en.questions[0].itemKey);
    const again = await post(
      `/api/exams/${examId}/banks/ar/questions`,
      admin,
      question('مرة أخرى', { linkTo: enId }),
    );
    expectMessage(again, 400, 'QUESTION_LINK_INVALID');
    const edited = await put(`/api/questions/${enId}`, admin, question('Wash hands now?'));
    expect(edited.statusCode).toBe(200);
    const after = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(after.questions[0].text).toBe('Wash hands now?');
    expect(after.questions[0].answers.map((answer: { correct: boolean }) => answer.correct)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('retires a question (never drawn again) but not below what the active exam draws', async () => {
    const { courseId, examId } = await newDraftExam();
    const ids = await addQuestions(examId, 'en', ['A', 'B', 'C']);
    expect(
      (await put(`/api/exams/${examId}`, admin, examInput(courseId, { status: 'active' }))).statusCode,
    ).toBe(200);
    const retired = await post(`/api/questions/${ids[0]}/retire`, admin, {});
    expect(retired.statusCode).toBe(200);
    const bank = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(bank.questions.map((q: { retired: boolean }) => q.retired)).toEqual([false, false, true]);
    expectMessage(await post(`/api/questions/${ids[1]}/retire`, admin, {}), 409, 'EXAM_QUESTIONS_OVER_BANK');
    expectMessage(await put(`/api/questions/${ids[0]}`, admin, question('Back')), 409, 'QUESTION_RETIRED');
    const detail = (await get(`/api/exams/${examId}`, admin)).json();
    expect(detail.banks.find((b: { language: string }) => b.language === 'en')).toEqual({
      language: 'en',
      questionCount: 2,
      retiredCount: 1,
    });
    // The question row stays: no question is ever deleted.
    expect(await t.db.$count(questions, eq(questions.id, ids[0] ?? 0))).toBe(1);
  });

  it('never changes a question an attempt drew: it may only be retired', async () => {
    const { examId } = await newDraftExam();
    const [drawnId = 0] = await addQuestions(examId, 'en', ['Drawn']);
    const [booking] = await t.db
      .select({ id: bookings.id, sessionId: bookings.sessionId, studentId: bookings.studentId })
      .from(bookings)
      .limit(1);
    if (!booking) throw new Error('no demo booking');
    const [attempt] = await t.db
      .insert(examAttempts)
      .values({
        bookingId: booking.id,
        examId,
        sessionId: booking.sessionId,
        studentId: booking.studentId,
        language: 'en',
        endsAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: examAttempts.id });
    await t.db
      .insert(attemptQuestions)
      .values({ attemptId: attempt?.id ?? 0, position: 1, questionId: drawnId, answerOrder: [] });
    const bank = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(bank.questions[0].used).toBe(true);
    expectMessage(await put(`/api/questions/${drawnId}`, admin, question('Changed')), 409, 'QUESTION_IN_USE');
    const { rows } = await rowsOfExport(examId, 'en');
    const changed = await sheetOf([[rows[1]?.[0] as string, 'Changed', 'A', 'B', null, null, null, null, 1]]);
    const imported = await importFile(examId, 'en', changed, 'replace');
    expectMessage(imported, 400, 'IMPORT_ROWS_INVALID');
    expect(imported.json().data.rows[0]).toMatchObject({
      row: 2,
      column: 'question',
      code: 'QUESTION_IN_USE',
    });
    expect((await post(`/api/questions/${drawnId}/retire`, admin, {})).statusCode).toBe(200);
  });

  it('stores an image and a recording by their bytes and refuses anything else', async () => {
    const { examId } = await newDraftExam();
    const upload = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'x.bin');
      return t.call({
        method: 'POST',
        url: `/api/exams/${examId}/media`,
        token: admin,
        payload: form,
        headers: key(),
      });
    };
    const image = await upload(PNG_BYTES);
    expect(image.statusCode).toBe(201);
    const audio = await upload(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]));
    expect(audio.statusCode).toBe(201);
    expect(audio.json().mimeType).toBe('audio/ogg');
    expectMessage(await upload(TEXT_BYTES), 400, 'FILE_TYPE_NOT_ALLOWED');
    const imageId = image.json().fileId;
    const audioId = audio.json().fileId;
    const wrongWay = await post(
      `/api/exams/${examId}/banks/en/questions`,
      admin,
      question('Media', { imageFileId: audioId }),
    );
    expectMessage(wrongWay, 400, 'INVALID_VALUE');
    const saved = await post(
      `/api/exams/${examId}/banks/en/questions`,
      admin,
      question('Media', { imageFileId: imageId, audioFileId: audioId }),
    );
    expect(saved.statusCode).toBe(201);
    const served = await get(`/api/exams/${examId}/media/${audioId}`, admin);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/ogg');
    const { token } = await t.loginAs('student');
    expect((await get(`/api/exams/${examId}/media/${audioId}`, token)).statusCode).toBe(403);
  });
});

async function sheetOf(rows: (string | number | null)[][], header?: string[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('bank');
  sheet.addRow(
    header ?? [
      'item key',
      'question',
      'answer 1',
      'answer 2',
      'answer 3',
      'answer 4',
      'answer 5',
      'answer 6',
      'correct answer',
    ],
  );
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function importFile(examId: number, language: string, bytes: Buffer, mode = 'append', lang?: 'en' | 'ar') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'bank.xlsx');
  return t.call({
    method: 'POST',
    url: `/api/exams/${examId}/banks/${language}/import?mode=${mode}`,
    token: admin,
    payload: form,
    headers: key(),
    lang,
  });
}

async function rowsOfExport(examId: number, language: string) {
  const response = await get(`/api/exams/${examId}/banks/${language}/export`, admin);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { rows, bytes: response.rawPayload, rtl: sheet?.views[0]?.rightToLeft ?? false };
}

describe('XLSX import and export', () => {
  it('refuses a bad file and reports every bad row in the caller’s language, changing nothing', async () => {
    const { examId } = await newDraftExam();
    await addQuestions(examId, 'en', ['Kept']);
    const before = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    const bytes = await sheetOf([
      [null, 'Good question', 'Yes', 'No', null, null, null, null, 1],
      ['not-a-uuid', 'Bad key', 'Yes', 'No', null, null, null, null, 1],
      [null, '', 'Yes', 'No', null, null, null, null, 1],
      [null, 'Gap', 'Yes', null, 'No', null, null, null, 1],
      [null, 'One answer', 'Yes', null, null, null, null, null, 1],
      [null, 'Correct out of range', 'Yes', 'No', null, null, null, null, 3],
    ]);
    const response = await importFile(examId, 'en', bytes, 'append', 'ar');
    expectMessage(response, 400, 'IMPORT_ROWS_INVALID');
    expect(response.json().data.rows).toEqual([
      {
        row: 3,
        column: 'item key',
        code: 'ITEM_KEY_INVALID',
        message: translateMessage('ITEM_KEY_INVALID', 'ar'),
      },
      {
        row: 4,
        column: 'question',
        code: 'QUESTION_TEXT_REQUIRED',
        message: translateMessage('QUESTION_TEXT_REQUIRED', 'ar'),
      },
      {
        row: 5,
        column: 'answer 2',
        code: 'ANSWER_TEXT_REQUIRED',
        message: translateMessage('ANSWER_TEXT_REQUIRED', 'ar'),
      },
      { row: 6, column: 'answer 1', code: 'ANSWERS_COUNT', message: translateMessage('ANSWERS_COUNT', 'ar') },
      {
        row: 7,
        column: 'correct answer',
        code: 'CORRECT_ANSWER_NUMBER_INVALID',
        message: translateMessage('CORRECT_ANSWER_NUMBER_INVALID', 'ar'),
      },
    ]);
    expect((await get(`/api/exams/${examId}/banks/en`, admin)).json()).toEqual(before);
    expectMessage(await importFile(examId, 'en', PNG_BYTES), 400, 'FILE_TYPE_NOT_ALLOWED');
    const notABook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expectMessage(await importFile(examId, 'en', notABook), 400, 'IMPORT_FILE_INVALID');
    expectMessage(await importFile(examId, 'en', await sheetOf([], ['a', 'b'])), 400, 'IMPORT_FILE_INVALID');
    // a zip bomb: a small upload whose one cell unpacks past the ceiling is refused before it is read
    const bomb = await sheetOf([['', 'a'.repeat(65 * 1024 * 1024), 'yes', 'no', null, null, null, null, 1]]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectMessage(await importFile(examId, 'en', bomb), 400, 'IMPORT_FILE_INVALID');
  });

  it('exports a bank that imports back identically, and links languages by item key', async () => {
    const { examId } = await newDraftExam();
    await addQuestions(examId, 'en', ['First', 'Second', 'Third']);
    const first = await rowsOfExport(examId, 'en');
    expect(first.rows).toHaveLength(4);
    expect(first.rows[1]?.slice(1, 4)).toEqual(['First', 'First — right', 'First — wrong']);
    expect(first.rows[1]?.[8]).toBe(1);
    // The same file into an empty bank of another language: the same rows, linked.
    const imported = await importFile(examId, 'ur', first.bytes);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 3, updated: 0, retired: 0 });
    const ur = await rowsOfExport(examId, 'ur');
    expect(ur.rows).toEqual(first.rows);
    expect(ur.rtl).toBe(true);
    const en = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(en.questions.map((q: { linkedLanguages: string[] }) => q.linkedLanguages)).toEqual([
      ['ur'],
      ['ur'],
      ['ur'],
    ]);
    // Replacing a bank with its own export changes nothing.
    const again = await importFile(examId, 'en', first.bytes, 'replace');
    expect(again.json()).toMatchObject({ added: 0, updated: 0, retired: 0 });
    expect((await rowsOfExport(examId, 'en')).rows).toEqual(first.rows);
    // Appending rows whose keys the bank holds is refused, row by row.
    const twice = await importFile(examId, 'en', first.bytes, 'append');
    expectMessage(twice, 400, 'IMPORT_ROWS_INVALID');
    expect(twice.json().data.rows.map((row: { row: number }) => row.row)).toEqual([2, 3, 4]);
  });

  it('replaces a bank: changed rows updated, new ones added, the rest retired, in one go', async () => {
    const { examId } = await newDraftExam();
    await addQuestions(examId, 'en', ['Keep', 'Change', 'Drop']);
    const { rows } = await rowsOfExport(examId, 'en');
    const [, keep, change] = rows as (string | number | null)[][];
    const bytes = await sheetOf([
      keep as (string | number | null)[],
      [change?.[0] ?? null, 'Changed', 'A', 'B', 'C', null, null, null, 2],
      [null, 'New', 'X', 'Y', null, null, null, null, 2],
    ]);
    const response = await importFile(examId, 'en', bytes, 'replace');
    expect(response.json()).toMatchObject({ added: 1, updated: 1, retired: 1 });
    const bank = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    expect(bank.questions.map((q: { text: string; retired: boolean }) => [q.text, q.retired])).toEqual([
      ['Keep', false],
      ['Changed', false],
      ['New', false],
      ['Drop', true],
    ]);
    const changed = bank.questions[1].answers.map((a: { text: string; correct: boolean }) => [
      a.text,
      a.correct,
    ]);
    expect(changed).toEqual([
      ['A', false],
      ['B', true],
      ['C', false],
    ]);
  });
});

describe('bank import keeps media', () => {
  it('keeps the recordings of the answers a replace leaves worded as they were', async () => {
    const { examId } = await newDraftExam();
    const form = new FormData();
    form.append('file', new Blob([Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)])]), 'a.ogg');
    const audio = await t.call({
      method: 'POST',
      url: `/api/exams/${examId}/media`,
      token: admin,
      payload: form,
      headers: key(),
    });
    const audioId = audio.json().fileId;
    const saved = await post(`/api/exams/${examId}/banks/en/questions`, admin, {
      text: 'Spoken',
      answers: [
        { text: 'Kept', correct: true, audioFileId: audioId },
        { text: 'Reworded', correct: false, audioFileId: audioId },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { rows } = await rowsOfExport(examId, 'en');
    const bytes = await sheetOf([
      [rows[1]?.[0] as string, 'Spoken, now clearer', 'Kept', 'Reworded again', null, null, null, null, 1],
    ]);
    const imported = await importFile(examId, 'en', bytes, 'replace');
    expect(imported.json()).toMatchObject({ updated: 1 });
    const bank = (await get(`/api/exams/${examId}/banks/en`, admin)).json();
    const answers = bank.questions[0].answers.map((a: { text: string; audioFileId: string | null }) => [
      a.text,
      a.audioFileId,
    ]);
    expect(answers).toEqual([
      ['Kept', audioId],
      ['Reworded again', null],
    ]);
  });
});

describe('the data behind the rules', () => {
  it('stores exactly one correct answer for every demo question', async () => {
    const rows = await t.db
      .select({ questionId: questionAnswers.questionId, correct: questionAnswers.isCorrect })
      .from(questionAnswers)
      .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
      .innerJoin(questionBanks, eq(questionBanks.id, questions.bankId))
      .where(eq(questionBanks.courseId, demoCourseId));
    const correctBy = new Map<number, number>();
    for (const row of rows)
      correctBy.set(row.questionId, (correctBy.get(row.questionId) ?? 0) + (row.correct ? 1 : 0));
    expect([...correctBy.values()].every((count) => count === 1)).toBe(true);
  });
});
