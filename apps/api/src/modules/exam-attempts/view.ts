import {
  type AttemptOutcome,
  type AttemptReview,
  type AttemptView,
  directionOfLanguage,
} from '@tasreeh/shared';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attemptQuestions,
  examAttempts,
  exams,
  files,
  questionAnswers,
  questions,
  scheduledSessions,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { secondsLeftOf } from './clock.ts';
import { assertProctor, assertProctorSome, examAttemptsPolicy, mayReadAnswerKey } from './policy.ts';
import { outcomeOf } from './scoring.ts';

/** An attempt with what its views and rules need: its exam's titles and review, its session's place and examiner. */
export async function findAttempt(db: Db, where: ReturnType<typeof eq>) {
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
    if (!attempt || !examAttemptsPolicy.may(actor, 'sit', attempt)) throw notFound();
    return attempt;
  }
  assertProctorSome(actor, action);
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
