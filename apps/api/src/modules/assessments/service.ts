import {
  directionOfLanguage,
  type ExamCountQuery,
  type ExamInput,
  type ExamListQuery,
  type MessageCode,
  type QuestionInput,
  TRAINING_LANGUAGES,
  type TrainingLanguage,
  translateMessage,
} from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { FileKind, findFileOfKind, holdFileOfKind, insertFileRecord } from '../files/index.ts';
import { assessmentsPolicy, bankAccessOf, mayEditQuestions, requireBankAccess } from './policy.ts';
import * as repo from './repo.ts';

const iso = (date: Date) => date.toISOString();

export async function listExams(ctx: Ctx, query: ExamListQuery) {
  const page = await repo.listExams(ctx.db, query);
  return {
    ...page,
    items: page.items.map(({ failedMarks: _f, practicalMarks: _p, review: _r, updatedAt: _u, ...row }) => ({
      ...row,
      createdAt: iso(row.createdAt),
    })),
  };
}

export function countExams(ctx: Ctx, query: ExamCountQuery) {
  return repo.countExams(ctx.db, query);
}

/** view-assessment/{id}: the exam, its banks in every exam language, and what the caller may do. */
export async function getExam(ctx: Ctx, id: number) {
  const actor = actorOf(ctx);
  const exam = await repo.findExam(ctx.db, id);
  if (!exam) throw notFound();
  const [counts, access] = await Promise.all([
    repo.bankCounts(ctx.db, exam.courseId),
    bankAccessOf(ctx.db, actor, exam.courseId),
  ]);
  const byLanguage = new Map(counts.map((bank) => [bank.language, bank]));
  return {
    ...exam,
    createdAt: iso(exam.createdAt),
    updatedAt: iso(exam.updatedAt),
    banks: TRAINING_LANGUAGES.map((language) => ({
      language,
      questionCount: byLanguage.get(language)?.questionCount ?? 0,
      retiredCount: byLanguage.get(language)?.retiredCount ?? 0,
    })),
    abilities: {
      ...assessmentsPolicy.abilities(actor, undefined, ['edit']),
      editQuestions: access.edit,
    },
  };
}

/**
 * The §5 rules an active exam's banks must meet: at least one question in the course, and every
 * bank that holds questions holds at least as many as the exam draws (a bank being started in a
 * new language, still empty, is not yet offered). An inactive exam (a draft) is not checked.
 */
async function checkBanksFor(ctx: Ctx, input: Pick<ExamInput, 'courseId' | 'questionCount' | 'status'>) {
  if (input.status !== 'active') return;
  const counts = (await repo.bankCounts(ctx.db, input.courseId)).filter((bank) => bank.questionCount > 0);
  if (counts.length === 0) {
    throw new AppError('QUESTIONS_REQUIRED', {
      status: 400,
      fields: { questionCount: 'QUESTIONS_REQUIRED' },
    });
  }
  const short = counts.find((bank) => bank.questionCount < input.questionCount);
  if (short) {
    throw new AppError('EXAM_QUESTIONS_OVER_BANK', {
      status: 400,
      fields: { questionCount: 'EXAM_QUESTIONS_OVER_BANK' },
      data: { language: short.language, bankQuestions: short.questionCount },
    });
  }
}

const activeExists = () => new AppError('EXAM_ACTIVE_EXISTS', { status: 409 });

/** add-assessment: a course's exam. One active exam per course (the unique index answers a race). */
export const createExam = command({
  name: 'exam.create',
  entity: 'exams',
  idempotency: 'required',
  message: 'RECORDS_SAVED',
  authorize: assessmentsPolicy.authorize('create'),
  run: async (ctx, input: ExamInput) => {
    if (!(await repo.courseExists(ctx.db, input.courseId))) {
      throw new AppError('SELECT_COURSE', { status: 400, fields: { courseId: 'SELECT_COURSE' } });
    }
    if (input.status === 'active' && (await repo.findActiveExamOfCourse(ctx.db, input.courseId))) {
      throw activeExists();
    }
    await checkBanksFor(ctx, input);
    return { id: await repo.insertExam(ctx.db, input) };
  },
  duplicate: (constraint) =>
    constraint === 'exams_active_course_key'
      ? activeExists()
      : new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 }),
});

/** edit-assessment/{id}: every setting, checked again with the banks as they are now. */
export const updateExam = command({
  name: 'exam.update',
  entity: 'exams',
  idempotency: 'required',
  message: 'RECORDS_UPDATED',
  load: async (ctx, { id }: { id: number; input: ExamInput }) => {
    const exam = await repo.findExam(ctx.db, id, true);
    if (!exam) throw notFound();
    return exam;
  },
  authorize: assessmentsPolicy.authorize('edit'),
  run: async (ctx, { id, input }) => {
    if (!(await repo.courseExists(ctx.db, input.courseId))) {
      throw new AppError('SELECT_COURSE', { status: 400, fields: { courseId: 'SELECT_COURSE' } });
    }
    const active =
      input.status === 'active' ? await repo.findActiveExamOfCourse(ctx.db, input.courseId) : undefined;
    if (active && active.id !== id) throw activeExists();
    await checkBanksFor(ctx, input);
    await repo.updateExam(ctx.db, id, input);
    return { id };
  },
  audit: ({ input, before }) => ({ before, after: input.input }),
  duplicate: (constraint) =>
    constraint === 'exams_active_course_key'
      ? activeExists()
      : new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 }),
});

async function examOf(ctx: Ctx, examId: number) {
  const exam = await repo.findExam(ctx.db, examId);
  if (!exam) throw notFound();
  return exam;
}

/** A bank of the exam's course in one language (add-exam/{id}), with the correct answers: staff only. */
export async function getBank(ctx: Ctx, examId: number, language: TrainingLanguage) {
  const exam = await examOf(ctx, examId);
  const access = await bankAccessOf(ctx.db, actorOf(ctx), exam.courseId);
  assessmentsPolicy.assert(ctx.actor, 'readQuestions', { assigned: access.read });
  const bank = await repo.findBank(ctx.db, exam.courseId, language);
  const rows = bank ? await repo.listBankQuestions(ctx.db, bank.id) : [];
  const linked = await repo.languagesOfItems(
    ctx.db,
    exam.courseId,
    rows.map((row) => row.itemKey),
  );
  return {
    examId,
    courseId: exam.courseId,
    language,
    direction: directionOfLanguage(language),
    questions: rows.map((row) => ({
      id: row.id,
      itemKey: row.itemKey,
      text: row.text,
      imageFileId: row.imageFileId,
      audioFileId: row.audioFileId,
      position: row.position,
      retired: row.retiredAt !== null,
      used: row.used,
      linkedLanguages: (linked.get(row.itemKey) ?? []).filter((other) => other !== language),
      answers: row.answers,
    })),
    abilities: { editQuestions: access.edit },
  };
}

/**
 * The media a question names must be the builder's uploads, an image where an image goes and a
 * recording where audio goes; each is held until the commit, out of the orphan sweep's reach.
 */
async function checkMedia(ctx: Ctx, input: QuestionInput) {
  const wanted: [string, string | null | undefined, 'image/' | 'audio/'][] = [
    ['imageFileId', input.imageFileId, 'image/'],
    ['audioFileId', input.audioFileId, 'audio/'],
    ...input.answers.map(
      (answer, index) =>
        [`answers.${index}.audioFileId`, answer.audioFileId, 'audio/'] as [
          string,
          string | null | undefined,
          'audio/',
        ],
    ),
  ];
  for (const [field, id, prefix] of wanted) {
    if (!id) continue;
    const file = await holdFileOfKind(ctx.db, id, FileKind.questionMedia);
    if (!file?.mimeType.startsWith(prefix)) {
      throw new AppError('INVALID_VALUE', { status: 400, fields: { [field]: 'INVALID_VALUE' } });
    }
  }
}

function writeOf(input: QuestionInput): repo.QuestionWrite {
  return {
    text: input.text,
    imageFileId: input.imageFileId ?? null,
    audioFileId: input.audioFileId ?? null,
    answers: input.answers.map((answer) => ({
      text: answer.text,
      correct: answer.correct,
      audioFileId: answer.audioFileId ?? null,
    })),
  };
}

/** The item key `linkTo` gives: the same question of the course in another language, not yet in this bank. */
async function linkedItemKey(
  ctx: Ctx,
  input: QuestionInput,
  bank: { id: number; courseId: number; language: TrainingLanguage },
  exceptId?: number,
) {
  if (!input.linkTo) return undefined;
  const other = await repo.findQuestionOfCourse(ctx.db, input.linkTo);
  const invalid = () =>
    new AppError('QUESTION_LINK_INVALID', { status: 400, fields: { linkTo: 'QUESTION_LINK_INVALID' } });
  if (!other || other.courseId !== bank.courseId || other.language === bank.language) throw invalid();
  if (await repo.itemKeyInBank(ctx.db, bank.id, other.itemKey, exceptId)) throw invalid();
  return other.itemKey;
}

/** Adds a question to the bank of the exam's course in a language (the bank is made on its first question). */
export const addQuestion = command({
  name: 'question.create',
  entity: 'questions',
  idempotency: 'required',
  message: 'RECORDS_SAVED',
  load: async (ctx, { examId }: NewQuestion) => {
    const exam = await examOf(ctx, examId);
    return { courseId: exam.courseId };
  },
  authorize: mayEditQuestions<NewQuestion, { courseId: number }>(),
  run: async (ctx, { language, input }, { courseId }) => {
    await checkMedia(ctx, input);
    const bankId = await repo.lockBank(ctx.db, courseId, language);
    const itemKey = await linkedItemKey(ctx, input, { id: bankId, courseId, language });
    const position = await repo.nextPosition(ctx.db, bankId);
    const row = await repo.insertQuestion(ctx.db, bankId, { ...writeOf(input), itemKey, position });
    return { id: row.id, itemKey: row.itemKey };
  },
  audit: ({ input, result }) => ({ entityId: result.id, before: null, after: input.input }),
  duplicate: () => new AppError('ITEM_KEY_TAKEN', { status: 409 }),
});

type NewQuestion = { examId: number; language: TrainingLanguage; input: QuestionInput };
type QuestionChange = { id: number; input: QuestionInput };
type MediaUpload = { examId: number; file: ReceivedFile };
type LockedQuestion = NonNullable<Awaited<ReturnType<typeof repo.lockQuestion>>>;
type Answers =
  NonNullable<Awaited<ReturnType<typeof repo.answersOf>>> extends Map<number, infer A> ? A : never;

async function lockQuestion(ctx: CommandCtx, id: number): Promise<LockedQuestion> {
  const question = await repo.lockQuestion(ctx.db, id);
  if (!question) throw notFound();
  return question;
}

/** Changes a question no attempt drew yet (one that was drawn is retired and replaced, so results keep their meaning). */
export const updateQuestion = command({
  name: 'question.update',
  entity: 'questions',
  idempotency: 'required',
  message: 'RECORDS_UPDATED',
  load: async (ctx, { id }: QuestionChange): Promise<LockedQuestion & { answers: Answers }> => {
    const question = await lockQuestion(ctx, id);
    return { ...question, answers: (await repo.answersOf(ctx.db, [id])).get(id) ?? [] };
  },
  authorize: mayEditQuestions<QuestionChange, LockedQuestion & { answers: Answers }>(),
  run: async (ctx, { id, input }, question) => {
    if (question.retiredAt) throw new AppError('QUESTION_RETIRED', { status: 409 });
    if (question.used) throw new AppError('QUESTION_IN_USE', { status: 409 });
    await checkMedia(ctx, input);
    const itemKey = await linkedItemKey(
      ctx,
      input,
      { id: question.bankId, courseId: question.courseId, language: question.language },
      id,
    );
    await repo.updateQuestion(ctx.db, id, { ...writeOf(input), itemKey });
    return { id };
  },
  audit: ({ input, before }) => ({ before, after: input.input }),
  duplicate: () => new AppError('ITEM_KEY_TAKEN', { status: 409 }),
});

/**
 * Retires a question: it stays for the attempts that drew it and is never drawn again. Refused
 * when it would leave a bank in use with fewer questions than the course's active exam draws.
 */
export const retireQuestion = command({
  name: 'question.retire',
  entity: 'questions',
  idempotency: 'required',
  message: 'RECORDS_UPDATED',
  load: (ctx, { id }: { id: number }) => lockQuestion(ctx, id),
  authorize: mayEditQuestions<{ id: number }, LockedQuestion>(),
  run: async (ctx, { id }, question) => {
    if (question.retiredAt) return { id };
    await repo.lockBank(ctx.db, question.courseId, question.language);
    const exam = await repo.findActiveExamOfCourse(ctx.db, question.courseId);
    const active = await repo.activeCountOfBank(ctx.db, question.bankId);
    if (exam && active >= exam.questionCount && active - 1 < exam.questionCount) {
      throw new AppError('EXAM_QUESTIONS_OVER_BANK', { status: 409 });
    }
    await repo.retireQuestions(ctx.db, [id]);
    return { id };
  },
  audit: ({ before }) => ({ before: { retiredAt: before.retiredAt }, after: { retired: true } }),
});

/** An image or a recording for a question or an answer, stored before the question names it. */
export const saveMedia = command({
  name: 'question.media.upload',
  entity: 'files',
  idempotency: 'required',
  load: async (ctx, { examId }: MediaUpload) => {
    const exam = await examOf(ctx, examId);
    return { courseId: exam.courseId };
  },
  authorize: mayEditQuestions<MediaUpload, { courseId: number }>(),
  run: async (ctx, { file }) => {
    const stored = await ctx.saveFile(file);
    await insertFileRecord(ctx.db, stored, FileKind.questionMedia, null);
    return { fileId: stored.id, mimeType: stored.mimeType };
  },
  audit: ({ input, result }) => ({
    entityId: result.fileId,
    before: null,
    after: { examId: input.examId, mimeType: result.mimeType },
  }),
});

/** A question's image or recording, for those who may read the exam's banks. */
export async function readMedia(ctx: Ctx, examId: number, fileId: string) {
  const exam = await examOf(ctx, examId);
  await requireBankAccess(ctx.db, actorOf(ctx), exam.courseId, 'read');
  const file = await findFileOfKind(ctx.db, fileId, FileKind.questionMedia);
  if (!file) throw notFound();
  return { bytes: await ctx.files.read(file.storageKey), mimeType: file.mimeType };
}

export function messageOf(ctx: Ctx, code: MessageCode, params?: Record<string, number | string>) {
  return translateMessage(code, ctx.lang, params);
}
