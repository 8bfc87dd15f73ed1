import type { ExamResult, ExamSessionType } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import {
  bookings,
  certificates,
  courses,
  examAttempts,
  examQuestionStats,
  examResultStats,
  exams,
  questionBanks,
  questions,
  scheduledSessions,
  users,
} from '../db/schema/index.ts';
import { demoEmailOf } from '../seed/demo-users.ts';
import { branchIdOf } from './accounts.ts';
import { statedFor } from './certificates.ts';
import type { TestApp } from './test-app.ts';

/**
 * Results written straight into the database (the exam sitting and its submission are another
 * piece of work): an exam session, a booking and a submitted attempt, each at its own time.
 */
let seed = 0;

export async function courseIdOf(t: TestApp, nameEn = 'Food Safety Basics'): Promise<number> {
  const [course] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.nameEn, nameEn));
  if (!course) throw new Error(`no seeded course ${nameEn}`);
  return course.id;
}

async function examOf(t: TestApp, courseId: number): Promise<number> {
  const [found] = await t.db
    .select({ id: exams.id })
    .from(exams)
    .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')));
  if (found) return found.id;
  const [row] = await t.db
    .insert(exams)
    .values({
      courseId,
      titleEn: 'Final exam',
      titleAr: 'الاختبار النهائي',
      questionCount: 10,
      fullMarks: 100,
      passingMarks: 60,
      failedMarks: 59,
      durationMinutes: 30,
    })
    .returning({ id: exams.id });
  if (!row) throw new Error('exam not inserted');
  return row.id;
}

export async function userIdOf(t: TestApp, type: 'Examiner' | 'student'): Promise<number> {
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmailOf(type)));
  if (!user) throw new Error(`no demo ${type}`);
  return user.id;
}

/** An exam session of the course: in the past unless `startsAt` says otherwise. */
export async function insertExamSession(
  t: TestApp,
  options: {
    courseId?: number;
    examType?: ExamSessionType;
    startsAt?: Date;
    branch?: 'RUH-01' | 'JED-01';
    examinerUserId?: number | null;
    language?: string;
    capacity?: number;
  } = {},
) {
  seed++;
  const startsAt = options.startsAt ?? new Date(Date.now() - (400 - seed) * 3 * 3_600_000);
  const [session] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType: options.examType ?? 'Assessment',
      courseId: options.courseId ?? (await courseIdOf(t)),
      branchId: await branchIdOf(t, options.branch ?? 'RUH-01'),
      delivery: 'remote',
      language: options.language ?? 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      capacity: options.capacity ?? 20,
      staffUserId: options.examinerUserId ?? null,
    })
    .returning();
  if (!session) throw new Error('exam session not inserted');
  return session;
}

/** A submitted result of a student: session, booking (Attended unless told) and attempt; a pass gets a certificate. */
export async function insertResult(
  t: TestApp,
  options: {
    studentId: number;
    result: ExamResult;
    score?: number;
    courseId?: number;
    examType?: ExamSessionType;
    branch?: 'RUH-01' | 'JED-01';
    examinerUserId?: number | null;
    language?: 'en' | 'ar' | 'ur';
    attendance?: 'Attended' | 'Absent' | 'Booked';
    startsAt?: Date;
  },
) {
  const courseId = options.courseId ?? (await courseIdOf(t));
  const session = await insertExamSession(t, { ...options, courseId });
  const [booking] = await t.db
    .insert(bookings)
    .values({
      sessionId: session.id,
      studentId: options.studentId,
      channel: 'counter',
      status: options.attendance ?? 'Attended',
      originalFee: 0,
      amanaFee: 0,
      vat: 0,
      total: 0,
      bookedByUserId: await userIdOf(t, 'student'),
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('booking not inserted');
  const score = options.score ?? (options.result === 'Passed' ? 80 : 40);
  const [attempt] = await t.db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: await examOf(t, courseId),
      sessionId: session.id,
      studentId: options.studentId,
      language: options.language ?? 'en',
      status: 'submitted',
      startedAt: session.startsAt,
      endsAt: new Date(session.startsAt.getTime() + 1_800_000),
      submittedAt: new Date(session.startsAt.getTime() + 1_200_000),
      submittedBy: 'candidate',
      score,
      writtenScore: score,
      result: options.result,
      decidedAt: new Date(session.startsAt.getTime() + 1_200_000),
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('attempt not inserted');
  let certificateId: number | null = null;
  if (options.result === 'Passed') {
    const [certificate] = await t.db
      .insert(certificates)
      .values({
        serial: `TEST-${process.pid}-${attempt.id}`,
        attemptId: attempt.id,
        studentId: options.studentId,
        courseId,
        score,
        validUntil: '2027-11-26',
        signature: 'test',
        ...(await statedFor(t.db, options.studentId, courseId)),
      })
      .returning({ id: certificates.id });
    certificateId = certificate?.id ?? null;
  }
  return { attemptId: attempt.id, bookingId: booking.id, session, certificateId };
}

/**
 * A bank of a course in a language with questions sharing item keys, and their drawn/wrong counts
 * (on the Riyadh day given, today by default; `days` counts the same again on each of those days).
 */
export async function insertQuestionStats(
  t: TestApp,
  courseId: number,
  items: {
    itemKey: string;
    texts: Partial<Record<'en' | 'ar' | 'ur', string>>;
    drawn: number;
    wrong: number;
    days?: string[];
  }[],
) {
  const ids: Record<string, number[]> = {};
  for (const language of ['en', 'ar', 'ur'] as const) {
    const wanted = items.filter((item) => item.texts[language]);
    if (wanted.length === 0) continue;
    const [bank] = await t.db
      .insert(questionBanks)
      .values({ courseId, language })
      .onConflictDoNothing()
      .returning({ id: questionBanks.id });
    const bankId =
      bank?.id ??
      (
        await t.db
          .select({ id: questionBanks.id })
          .from(questionBanks)
          .where(and(eq(questionBanks.courseId, courseId), eq(questionBanks.language, language)))
      )[0]?.id;
    if (!bankId) throw new Error('no bank');
    for (const item of wanted) {
      const [question] = await t.db
        .insert(questions)
        .values({ bankId, itemKey: item.itemKey, text: item.texts[language] ?? '' })
        .returning({ id: questions.id });
      if (!question) throw new Error('question not inserted');
      const days = item.days ?? [undefined];
      await t.db
        .insert(examQuestionStats)
        .values(days.map((day) => ({ questionId: question.id, day, drawn: item.drawn, wrong: item.wrong })));
      ids[item.itemKey] = [...(ids[item.itemKey] ?? []), question.id];
    }
  }
  return ids;
}

export async function insertResultStats(
  t: TestApp,
  rows: {
    courseId: number;
    language: 'en' | 'ar' | 'ur';
    examType: ExamSessionType;
    passed: number;
    failed: number;
    /** The Riyadh day (`YYYY-MM-DD`); today when left out. */
    day?: string;
  }[],
) {
  await t.db.insert(examResultStats).values(rows);
}
