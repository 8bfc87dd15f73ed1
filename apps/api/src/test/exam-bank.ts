import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  bookings,
  courses,
  examCheckinPhotos,
  examCheckins,
  exams,
  files,
  questionAnswers,
  questionBanks,
  questions,
  scheduledSessions,
  students,
  users,
} from '../db/schema/index.ts';
import type { FileStore } from '../lib/file-store.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { demoEmailOf } from '../seed/demo-users.ts';
import { branchIdOf, tokenOf } from './accounts.ts';
import { PNG_BYTES } from './files.ts';
import { PRICE } from './paid-bookings.ts';
import type { TestApp } from './test-app.ts';

type Language = typeof questionBanks.$inferInsert.language;

/**
 * A bank of `size` questions of a course in a language (the bank routes are another piece of
 * work), the bank's earlier questions retired: each with four answers, the first written being the correct one. Returns the bank id and,
 * per question id, its correct answer id (what a test may know and no response may tell).
 */
export async function insertBank(
  db: Db,
  options: { courseId: number; language: Language; size: number; media?: FileStore },
) {
  const [bank] = await db
    .insert(questionBanks)
    .values({ courseId: options.courseId, language: options.language })
    .onConflictDoUpdate({
      target: [questionBanks.courseId, questionBanks.language],
      set: { updatedAt: new Date() },
    })
    .returning({ id: questionBanks.id });
  if (!bank) throw new Error('bank not inserted');
  // A bank of its own for each test: the questions earlier tests put in it are retired.
  await db
    .update(questions)
    .set({ retiredAt: new Date() })
    .where(and(eq(questions.bankId, bank.id), isNull(questions.retiredAt)));
  const correctOf = new Map<number, number>();
  const mediaIds: string[] = [];
  for (let index = 0; index < options.size; index++) {
    let imageFileId: string | null = null;
    if (options.media && index === 0) {
      const stored = await options.media.save(PNG_BYTES, 'image/png');
      imageFileId = stored.id;
      await db.insert(files).values({
        id: stored.id,
        kind: 'question-image',
        storageKey: stored.storageKey,
        mimeType: stored.mimeType,
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
      });
      mediaIds.push(stored.id);
    }
    const [question] = await db
      .insert(questions)
      .values({
        bankId: bank.id,
        text: `Question ${index + 1} (${options.language})`,
        position: index,
        imageFileId,
      })
      .returning({ id: questions.id });
    if (!question) throw new Error('question not inserted');
    const answers = await db
      .insert(questionAnswers)
      .values(
        [0, 1, 2, 3].map((answer) => ({
          questionId: question.id,
          text: `Answer ${answer + 1} of question ${index + 1}`,
          isCorrect: answer === 0,
          position: answer,
        })),
      )
      .returning({ id: questionAnswers.id, isCorrect: questionAnswers.isCorrect });
    const correct = answers.find((answer) => answer.isCorrect);
    if (correct) correctOf.set(question.id, correct.id);
  }
  return { bankId: bank.id, correctOf, mediaIds };
}

/** The seeded course by name (its active exam is seeded with it). */
export async function courseIdOf(db: Db, nameEn = 'Food Safety Basics'): Promise<number> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.nameEn, nameEn));
  if (!course) throw new Error(`no seeded course ${nameEn}`);
  return course.id;
}

/** Sets the course's active exam's settings (question count, duration, practical part, review). */
export async function setExam(
  db: Db,
  courseId: number,
  values: Partial<
    Pick<
      typeof exams.$inferInsert,
      | 'questionCount'
      | 'durationMinutes'
      | 'practicalMarks'
      | 'review'
      | 'fullMarks'
      | 'passingMarks'
      | 'failedMarks'
    >
  >,
) {
  const [exam] = await db
    .update(exams)
    .set(values)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')))
    .returning();
  if (!exam) throw new Error('no active exam');
  return exam;
}

export async function userIdOf(db: Db, type: 'Examiner' | 'student'): Promise<number> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmailOf(type)));
  if (!user) throw new Error(`no demo ${type}`);
  return user.id;
}

export async function demoStudentIdOf(db: Db): Promise<number> {
  const userId = await userIdOf(db, 'student');
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  if (!row) throw new Error('no demo student');
  return row.id;
}

let minuteSeed = 0;

/**
 * An exam session of a course (Remote), given to no examiner unless told (an examiner's sessions
 * may not overlap: the seeded open exam session is the demo examiner's), open now unless
 * `startsAt` says otherwise; an Assessment unless told.
 */
export async function insertExamSession(
  db: Db,
  t: TestApp,
  options: {
    courseId: number;
    startsAt?: Date;
    minutes?: number;
    branch?: 'RUH-01' | 'JED-01';
    language?: string;
    examType?: 'Assessment' | 'ReAssessment' | 'ReTake';
    examinerId?: number | null;
    capacity?: number;
  },
) {
  minuteSeed++;
  const startsAt = options.startsAt ?? new Date(Date.now() - 5 * 60_000 - minuteSeed * 1000);
  const [session] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType: options.examType ?? 'Assessment',
      courseId: options.courseId,
      branchId: await branchIdOf(t, options.branch ?? 'RUH-01'),
      delivery: 'remote',
      language: options.language ?? 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + (options.minutes ?? 120) * 60_000),
      capacity: options.capacity ?? 2000,
      seatsTaken: 0,
      staffUserId: options.examinerId ?? null,
    })
    .returning();
  if (!session) throw new Error('session not inserted');
  return session;
}

/** A Booked seat of a student (the demo student unless told) in a session. */
export async function insertExamBooking(
  db: Db,
  options: { sessionId: number; studentId?: number; status?: typeof bookings.$inferInsert.status },
) {
  const studentId = options.studentId ?? (await demoStudentIdOf(db));
  const [booking] = await db
    .insert(bookings)
    .values({
      sessionId: options.sessionId,
      studentId,
      channel: 'student',
      status: options.status ?? 'Booked',
      ...PRICE,
      amountPaid: PRICE.total,
      bookedByUserId: await userIdOf(db, 'student'),
    })
    .returning();
  if (!booking) throw new Error('booking not inserted');
  return booking;
}

/** A complete check-in of a booking (the check-in routes are another piece of work): every photo and the ID checked. */
export async function completeCheckin(db: Db, bookingId: number, remote = true) {
  await db.insert(examCheckins).values({ bookingId, idNumberCheckedAt: new Date() }).onConflictDoNothing();
  for (const kind of remote
    ? (['live', 'id', 'room-front', 'room-back', 'room-left', 'room-right'] as const)
    : (['live'] as const)) {
    const id = randomUUID();
    await db.insert(files).values({
      id,
      kind: 'checkin-photo',
      storageKey: `ci/${id}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: 10,
      sha256: '0'.repeat(64),
    });
    await db.insert(examCheckinPhotos).values({ bookingId, kind, fileId: id }).onConflictDoNothing();
  }
}

/**
 * Everything a sitting needs for the demo student: the course's exam set to `questionCount`
 * questions, a bank of `bankSize` in English, an open exam session, a Booked seat with its
 * check-in done.
 */
export async function readyExam(
  t: TestApp,
  options: {
    questionCount?: number;
    bankSize?: number;
    exam?: Parameters<typeof setExam>[2];
    session?: Partial<Parameters<typeof insertExamSession>[2]>;
    checkin?: boolean;
    withMedia?: boolean;
  } = {},
) {
  const courseId = await courseIdOf(t.db);
  const exam = await setExam(t.db, courseId, { questionCount: options.questionCount ?? 5, ...options.exam });
  const bank = await insertBank(t.db, {
    courseId,
    language: 'en',
    size: options.bankSize ?? 8,
    media: options.withMedia ? t.app.deps.files : undefined,
  });
  const session = await insertExamSession(t.db, t, { courseId, ...options.session });
  const booking = await insertExamBooking(t.db, { sessionId: session.id });
  if (options.checkin !== false) await completeCheckin(t.db, booking.id);
  return { courseId, exam, bank, session, booking };
}

let loginSeed = 0;

/** Another student who can log in (password `Strong@2026`): its student id and bearer token. */
export async function newStudentLogin(t: TestApp) {
  loginSeed++;
  const email = `exam-student-${loginSeed}-${process.pid}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({
      type: 'student',
      email,
      nameEn: `Exam Student ${loginSeed}`,
      nameAr: 'متقدم للاختبار',
      idNumber: `EXS${process.pid}${String(loginSeed).padStart(6, '0')}`,
      passwordHash: await hashPassword('Strong@2026'),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user not inserted');
  const [row] = await t.db.insert(students).values({ userId: user.id }).returning({ id: students.id });
  if (!row) throw new Error('student not inserted');
  return { studentId: row.id, userId: user.id, token: await tokenOf(t, email, 'Strong@2026') };
}

/** How long from now `openExaminerSession` keeps the seeded session open. */
const OPEN_FOR_MS = 2 * 3_600_000;

/**
 * The exam session given to the demo examiner that was open at seeding (seed/demo-sessions.ts: in
 * person, begun five minutes before seeding, an hour long; the examiner's other in-person sessions
 * are days ahead, its past sittings Remote), kept open for two hours from now: the template
 * database is seeded once per test run, and a run on a busy machine outlasts that hour.
 */
export async function openExaminerSession(db: Db) {
  const examinerId = await userIdOf(db, 'Examiner');
  const now = new Date();
  const [seeded] = await db
    .select({ id: scheduledSessions.id })
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.staffUserId, examinerId),
        eq(scheduledSessions.kind, 'exam'),
        eq(scheduledSessions.delivery, 'in_person'),
        lte(scheduledSessions.startsAt, now),
      ),
    )
    .orderBy(desc(scheduledSessions.startsAt))
    .limit(1);
  if (!seeded) throw new Error('no seeded exam session of the examiner');
  const [session] = await db
    .update(scheduledSessions)
    .set({ endsAt: new Date(now.getTime() + OPEN_FOR_MS) })
    .where(eq(scheduledSessions.id, seeded.id))
    .returning();
  if (!session) throw new Error('the seeded exam session vanished');
  return { session, examinerId };
}
