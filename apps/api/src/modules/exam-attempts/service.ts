import {
  type AttemptAnswerSaved,
  type AttemptOutcome,
  type AttemptReview,
  type AttemptStartInput,
  type AttemptView,
  type CheckinPhotoKind,
  type CheckinPolicy,
  directionOfLanguage,
  isCheckinComplete,
} from '@tasreeh/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attemptQuestions,
  bookings,
  examAttempts,
  examCheckinPhotos,
  examCheckins,
  exams,
  files,
  questionAnswers,
  questions,
  scheduledSessions,
  studentFingerprints,
  students,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { CertificateIssuer } from '../certificates/index.ts';
import { clockEndOf } from './clock.ts';
import { bankOf, drawQuestions } from './draw.ts';
import { ATTEMPT_DEADLINE } from './jobs.ts';
import { assertMayProctorSome, assertProctor, mayReadAnswerKey } from './policy.ts';
import { outcomeOf, submitAttempt } from './scoring.ts';

/** The booking statuses that may sit their exam (Attended: marked present before starting). */
const SITTABLE = new Set(['Booked', 'Attended']);

export const finished = () => new AppError('EXAM_FINISHED', { status: 409 });

/** Whole seconds from `now` to `endsAt`, never negative. */
export function secondsLeftOf(endsAt: Date, now: Date): number {
  return Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000));
}

/**
 * A booking's check-in as the start rule reads it (another piece of work writes these rows), in
 * one query, complete or not by the centre's check-in policy (config `checkin`).
 */
export async function checkinStateOf(
  db: Db,
  booking: { id: number; studentId: number; delivery: string },
  policy: CheckinPolicy,
) {
  const [row] = await db
    .select({
      idNumberCheckedAt: examCheckins.idNumberCheckedAt,
      fingerprintCheckedAt: examCheckins.fingerprintCheckedAt,
      admittedAt: examCheckins.admittedAt,
      photos: sql<
        string[]
      >`array(select ${examCheckinPhotos.kind} from ${examCheckinPhotos} where ${examCheckinPhotos.bookingId} = ${booking.id} order by ${examCheckinPhotos.kind})`,
      fingerprintEnrolled: sql<boolean>`exists(select 1 from ${studentFingerprints} where ${studentFingerprints.studentId} = ${booking.studentId})`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(examCheckins, eq(examCheckins.bookingId, booking.id));
  const state = {
    remote: booking.delivery === 'remote',
    idNumberChecked: row?.idNumberCheckedAt != null,
    photos: (row?.photos ?? []) as CheckinPhotoKind[],
    fingerprintEnrolled: row?.fingerprintEnrolled === true,
    fingerprintChecked: row?.fingerprintCheckedAt != null,
    admitted: row?.admittedAt != null,
  };
  return { ...state, complete: isCheckinComplete(state, policy) };
}

/** An attempt with what its views and rules need: its exam's titles and review, its session's place and examiner. */
async function findAttempt(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      id: examAttempts.id,
      bookingId: examAttempts.bookingId,
      studentId: examAttempts.studentId,
      status: examAttempts.status,
      language: examAttempts.language,
      startedAt: examAttempts.startedAt,
      endsAt: examAttempts.endsAt,
      extraSeconds: examAttempts.extraSeconds,
      titleEn: exams.titleEn,
      titleAr: exams.titleAr,
      review: exams.review,
      courseId: exams.courseId,
      branchId: scheduledSessions.branchId,
      staffUserId: scheduledSessions.staffUserId,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId))
    .where(where);
  return row;
}
type AttemptRow = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/**
 * An attempt the caller may see: a student its own (404 otherwise, so that ids cannot be probed),
 * staff proctoring its session (403 otherwise); a corporate never (it may not sit for its workers).
 */
function authorize(actor: Actor, attempt: AttemptRow | undefined, action: 'read' | 'edit'): AttemptRow {
  if (actor.type === 'student') {
    if (!attempt || attempt.studentId !== actor.studentId) throw notFound();
    return attempt;
  }
  assertMayProctorSome(actor, action);
  if (!attempt) throw notFound();
  assertProctor(actor, attempt, action);
  return attempt;
}

export async function attemptFor(ctx: Ctx, attemptId: number, action: 'read' | 'edit' = 'read') {
  return authorize(actorOf(ctx), await findAttempt(ctx.db, eq(examAttempts.id, attemptId)), action);
}

function mediaUrl(attemptId: number, fileId: string | null): string | null {
  return fileId === null ? null : `/api/exam-attempts/${attemptId}/media/${fileId}`;
}

/** What a candidate may see of an outcome under the exam's review setting ('none': no score, no result). */
export function outcomeForCandidate(outcome: AttemptOutcome, review: string): AttemptOutcome {
  return review === 'none' ? { ...outcome, score: null, result: null } : outcome;
}

/** The attempt as the sitting screen shows it: questions in order, answers shuffled, never which is correct. */
export async function viewOf(db: Db, attempt: AttemptRow, forCandidate: boolean): Promise<AttemptView> {
  const now = new Date();
  const drawn = await db
    .select({
      questionId: attemptQuestions.questionId,
      answerOrder: attemptQuestions.answerOrder,
      chosenAnswerId: attemptQuestions.chosenAnswerId,
      text: questions.text,
      imageFileId: questions.imageFileId,
      audioFileId: questions.audioFileId,
    })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.position));
  const answerRows =
    drawn.length === 0
      ? []
      : await db
          .select({
            id: questionAnswers.id,
            text: questionAnswers.text,
            audioFileId: questionAnswers.audioFileId,
          })
          .from(questionAnswers)
          .where(
            inArray(
              questionAnswers.questionId,
              drawn.map((row) => row.questionId),
            ),
          );
  const answerById = new Map(answerRows.map((row) => [row.id, row]));
  const answers: Record<string, number> = {};
  for (const row of drawn)
    if (row.chosenAnswerId !== null) answers[String(row.questionId)] = row.chosenAnswerId;
  const outcome =
    attempt.status === 'submitted'
      ? await outcomeOf(db, attempt.id).then((value) =>
          forCandidate ? outcomeForCandidate(value, attempt.review) : value,
        )
      : null;
  return {
    id: attempt.id,
    bookingId: attempt.bookingId,
    status: attempt.status,
    titleEn: attempt.titleEn,
    titleAr: attempt.titleAr,
    language: attempt.language,
    direction: directionOfLanguage(attempt.language),
    startedAt: attempt.startedAt.toISOString(),
    endsAt: attempt.endsAt.toISOString(),
    extraSeconds: attempt.extraSeconds,
    serverNow: now.toISOString(),
    secondsLeft: attempt.status === 'submitted' ? 0 : secondsLeftOf(attempt.endsAt, now),
    questions: drawn.map((row) => ({
      id: row.questionId,
      text: row.text,
      imageUrl: mediaUrl(attempt.id, row.imageFileId),
      audioUrl: mediaUrl(attempt.id, row.audioFileId),
      answers: row.answerOrder.flatMap((answerId) => {
        const answer = answerById.get(answerId);
        return answer
          ? [{ id: answer.id, text: answer.text, audioUrl: mediaUrl(attempt.id, answer.audioFileId) }]
          : [];
      }),
    })),
    answers,
    outcome,
  };
}

export async function getAttempt(ctx: Ctx, attemptId: number): Promise<AttemptView> {
  const attempt = await attemptFor(ctx, attemptId);
  return viewOf(ctx.db, attempt, actorOf(ctx).type === 'student');
}

export async function getAttemptByBooking(ctx: Ctx, bookingId: number): Promise<AttemptView> {
  const attempt = authorize(
    actorOf(ctx),
    await findAttempt(ctx.db, eq(examAttempts.bookingId, bookingId)),
    'read',
  );
  return viewOf(ctx.db, attempt, actorOf(ctx).type === 'student');
}

/**
 * `POST /api/exam-attempts`: the candidate starts (or resumes) the exam of its booking. The
 * rules in the contract's order: the caller's booking (404), one attempt per booking (the same
 * again; a submitted one is finished), a Booked exam seat, the session's hours, the check-in,
 * an active exam whose bank in the chosen language holds enough questions. Its clock is the
 * exam's duration, cut at the session's end (clock.ts).
 */
/** The start, by the centre's check-in policy (the command is the same; the rule it reads is the config's). */
const startCommand = (policy: CheckinPolicy) =>
  command({
    name: 'exam-attempt.start',
    entity: 'exam_attempts',
    idempotency: 'required',
    run: async (ctx, input: AttemptStartInput) => {
      const actor = actorOf(ctx);
      const now = new Date();
      const [booking] = await ctx.db
        .select({
          id: bookings.id,
          studentId: bookings.studentId,
          status: bookings.status,
          sessionId: bookings.sessionId,
          kind: scheduledSessions.kind,
          courseId: scheduledSessions.courseId,
          language: scheduledSessions.language,
          delivery: scheduledSessions.delivery,
          sessionStatus: scheduledSessions.status,
          startsAt: scheduledSessions.startsAt,
          endsAt: scheduledSessions.endsAt,
          onHold: students.onHold,
        })
        .from(bookings)
        .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
        .innerJoin(students, eq(students.id, bookings.studentId))
        .where(eq(bookings.id, input.bookingId));
      if (!booking || actor.studentId === null || booking.studentId !== actor.studentId) throw notFound();
      const existing = await existingAttempt(ctx.db, booking.id);
      if (existing) return existing;
      if (
        booking.kind !== 'exam' ||
        booking.sessionStatus !== 'scheduled' ||
        !SITTABLE.has(booking.status) ||
        booking.onHold
      ) {
        throw new AppError('EXAM_NOT_SITTABLE', { status: 409 });
      }
      if (now < booking.startsAt) throw new AppError('EXAM_NOT_STARTED', { status: 409 });
      if (now >= booking.endsAt) throw finished();
      const checkin = await checkinStateOf(ctx.db, booking, policy);
      if (!checkin.complete) throw new AppError('EXAM_CHECKIN_REQUIRED', { status: 409 });
      const [exam] = await ctx.db
        .select()
        .from(exams)
        .where(and(eq(exams.courseId, booking.courseId), eq(exams.status, 'active')));
      const language = input.language ?? booking.language;
      const bank = exam ? await bankOf(ctx.db, booking.courseId, language) : undefined;
      if (!exam || !bank || bank.active < exam.questionCount) {
        throw new AppError('EXAM_NOT_READY', { status: 409 });
      }
      const endsAt = clockEndOf(now, exam.durationMinutes, booking.endsAt);
      const [row] = await ctx.db
        .insert(examAttempts)
        .values({
          bookingId: booking.id,
          examId: exam.id,
          sessionId: booking.sessionId,
          studentId: booking.studentId,
          language: language as typeof examAttempts.$inferInsert.language,
          startedAt: now,
          endsAt,
        })
        .onConflictDoNothing({ target: examAttempts.bookingId })
        .returning({ id: examAttempts.id });
      // A parallel start won: its attempt (now committed) is this one too.
      if (!row) {
        const winner = await existingAttempt(ctx.db, booking.id);
        if (!winner) throw new AppError('WRITE_CONFLICT', { status: 409 });
        return winner;
      }
      await drawQuestions(ctx.db, row.id, bank.id, exam.questionCount);
      await ctx.enqueue(ATTEMPT_DEADLINE, { attemptId: row.id }, { startAfter: endsAt });
      return { id: row.id, created: true };
    },
    audit: ({ result }) => (result.created ? { entityId: result.id, before: null } : null),
  });

async function existingAttempt(db: Db, bookingId: number) {
  const [existing] = await db
    .select({ id: examAttempts.id, status: examAttempts.status })
    .from(examAttempts)
    .where(eq(examAttempts.bookingId, bookingId));
  if (!existing) return undefined;
  if (existing.status === 'submitted') throw finished();
  return { id: existing.id, created: false };
}

export async function startAttempt(
  ctx: Ctx,
  input: AttemptStartInput,
  policy: CheckinPolicy,
): Promise<{ created: boolean; view: AttemptView }> {
  const { id, created } = await startCommand(policy)(ctx, input);
  return { created, view: await getAttempt(ctx, id) };
}

/**
 * `PUT /api/exam-attempts/:id/answers/:questionId`: one conditional write, under a share lock of
 * the attempt (a submission waits for it, and it for a submission), acknowledged once committed.
 */
const answerCommand = command({
  name: 'exam-attempt.answer',
  entity: 'attempt_questions',
  run: async (
    ctx,
    input: { attemptId: number; questionId: number; answerId: number },
  ): Promise<AttemptAnswerSaved> => {
    const actor = actorOf(ctx);
    const now = new Date();
    if (actor.studentId === null) throw notFound();
    // The hot path is this one statement; why it changed nothing is asked only when it did not.
    const result = await ctx.db.execute(sql`
      with open_attempt as (
        select id, ends_at from exam_attempts
        where id = ${input.attemptId} and student_id = ${actor.studentId}
          and status = 'in_progress' and ends_at > ${now.toISOString()}::timestamptz
        for share
      )
      update attempt_questions
      set chosen_answer_id = ${input.answerId}, answered_at = ${now.toISOString()}::timestamptz
      from open_attempt
      where attempt_questions.attempt_id = open_attempt.id
        and attempt_questions.question_id = ${input.questionId}
        and exists (
          select 1 from question_answers
          where question_answers.id = ${input.answerId} and question_answers.question_id = ${input.questionId}
        )
      returning open_attempt.ends_at as "endsAt"`);
    const [saved] = (result as unknown as { rows: { endsAt: Date | string }[] }).rows;
    if (saved) {
      return {
        questionId: input.questionId,
        answerId: input.answerId,
        secondsLeft: secondsLeftOf(new Date(saved.endsAt), now),
      };
    }
    const [attempt] = await ctx.db
      .select({ studentId: examAttempts.studentId, status: examAttempts.status, endsAt: examAttempts.endsAt })
      .from(examAttempts)
      .where(eq(examAttempts.id, input.attemptId));
    if (!attempt || attempt.studentId !== actor.studentId) throw notFound();
    if (attempt.status === 'submitted' || attempt.endsAt <= now) throw finished();
    const [drawn] = await ctx.db
      .select({ questionId: attemptQuestions.questionId })
      .from(attemptQuestions)
      .where(
        and(
          eq(attemptQuestions.attemptId, input.attemptId),
          eq(attemptQuestions.questionId, input.questionId),
        ),
      );
    if (!drawn) throw new AppError('INVALID_VALUE', { status: 400, fields: { questionId: 'INVALID_VALUE' } });
    throw new AppError('INVALID_VALUE', { status: 400, fields: { answerId: 'INVALID_VALUE' } });
  },
  audit: () => null,
});

export const saveAnswer = answerCommand;

/** `POST /api/exam-attempts/:id/submit` by the candidate: the outcome, the same on a second submit. */
export function submitByCandidate(issuer: CertificateIssuer) {
  return command({
    name: 'exam-attempt.submit',
    entity: 'exam_attempts',
    idempotency: 'required',
    load: async (ctx, { id }: { id: number }) => {
      const attempt = await findAttempt(ctx.db, eq(examAttempts.id, id));
      const actor = actorOf(ctx);
      if (!attempt || attempt.studentId !== actor.studentId) throw notFound();
      return { status: attempt.status, review: attempt.review, endsAt: attempt.endsAt };
    },
    run: async (ctx, { id }, before) => {
      const now = new Date();
      const by = before.status === 'in_progress' && before.endsAt <= now ? 'deadline' : 'candidate';
      const outcome = await submitAttempt(ctx.db, issuer, id, by, now);
      return outcomeForCandidate(outcome, before.review);
    },
    audit: ({ input, before }) =>
      before.status === 'submitted' ? null : { entityId: input.id, before: { status: before.status } },
  });
}

/**
 * `GET /api/exam-attempts/:id/review`: after submission, per the exam's review setting; which
 * answer was correct only for those `mayReadAnswerKey` names (null for every other caller).
 */
export async function reviewAttempt(ctx: Ctx, attemptId: number): Promise<AttemptReview> {
  const attempt = await attemptFor(ctx, attemptId);
  const forCandidate = actorOf(ctx).type === 'student';
  if (attempt.status !== 'submitted') throw new AppError('EXAM_NOT_SUBMITTED', { status: 409 });
  if (forCandidate && attempt.review === 'none') throw new AppError('EXAM_REVIEW_CLOSED', { status: 403 });
  const outcome = await outcomeOf(ctx.db, attemptId);
  if (forCandidate && attempt.review === 'score') return { review: 'score', outcome, questions: null };
  const view = await viewOf(ctx.db, attempt, false);
  const questionIds = view.questions.map((question) => question.id);
  const correctOf = (await mayReadAnswerKey(ctx.db, actorOf(ctx), attempt))
    ? await correctAnswersOf(ctx.db, questionIds)
    : new Map<number, number>();
  return {
    review: 'answers',
    outcome,
    questions: view.questions.map((question) => ({
      id: question.id,
      text: question.text,
      answers: question.answers.map((answer) => ({ id: answer.id, text: answer.text })),
      chosenAnswerId: view.answers[String(question.id)] ?? null,
      correctAnswerId: correctOf.get(question.id) ?? null,
    })),
  };
}

/** The correct answer of each of these questions, by question id. */
async function correctAnswersOf(db: Db, questionIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: questionAnswers.id, questionId: questionAnswers.questionId })
    .from(questionAnswers)
    .where(
      and(inArray(questionAnswers.questionId, questionIds.concat(-1)), eq(questionAnswers.isCorrect, true)),
    );
  return new Map(rows.map((row) => [row.questionId, row.id]));
}

/** `GET /api/exam-attempts/:id/media/:fileId`: an image or recording of a question or answer this attempt drew. */
export async function attemptMedia(ctx: Ctx, store: FileStore, attemptId: number, fileId: string) {
  await attemptFor(ctx, attemptId);
  const [ofQuestion] = await ctx.db
    .select({ storageKey: files.storageKey, mimeType: files.mimeType })
    .from(attemptQuestions)
    .innerJoin(questions, eq(questions.id, attemptQuestions.questionId))
    .innerJoin(files, or(eq(files.id, questions.imageFileId), eq(files.id, questions.audioFileId)))
    .where(and(eq(attemptQuestions.attemptId, attemptId), eq(files.id, fileId)))
    .limit(1);
  const [ofAnswer] = ofQuestion
    ? [ofQuestion]
    : await ctx.db
        .select({ storageKey: files.storageKey, mimeType: files.mimeType })
        .from(attemptQuestions)
        .innerJoin(questionAnswers, eq(questionAnswers.questionId, attemptQuestions.questionId))
        .innerJoin(files, eq(files.id, questionAnswers.audioFileId))
        .where(and(eq(attemptQuestions.attemptId, attemptId), eq(files.id, fileId)))
        .limit(1);
  if (!ofAnswer) throw notFound();
  return { bytes: await store.read(ofAnswer.storageKey), mimeType: ofAnswer.mimeType };
}
