import { riyadhInstant, riyadhLocalOf } from '@tasreeh/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { priceOf } from '../../modules/bookings/service.ts';
import type { CertificateSigner } from '../../modules/certificates/signing-key.ts';
import { drawQuestions } from '../../modules/exam-attempts/draw.ts';
import { submitAttempt } from '../../modules/exam-attempts/scoring.ts';
import type { Db } from '../client.ts';
import {
  attemptQuestions,
  bookings,
  branches,
  examAttempts,
  exams,
  questionAnswers,
  questionBanks,
  questions,
  scheduledSessions,
  students,
  users,
} from '../schema/index.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

const DAY_MS = 86_400_000;

/** How a demo candidate did: the share of questions answered right. */
const PASS = 0.85;
const FAIL = 0.3;

type ExamType = 'Assessment' | 'ReAssessment' | 'ReTake';

interface Sitting {
  studentId: number;
  share: number;
}

/**
 * Past exam sittings for the demo (issue 12): for every demo course with an active exam and a
 * bank holding enough questions (the bank seed is another piece of work; a course with none is
 * skipped), a past Assessment session where two students pass (with certificates, through
 * issueCertificate) and, on the first such course, one student fails once (due a free
 * ReAssessment) and another fails twice — the Assessment and a past ReAssessment — so is due a
 * paid ReTake. Written through the same draw and submission as a real sitting. The demo student
 * (student@tasreeh.test) passes one course it holds no seat in (its open exam seat is the demo's
 * live sitting), so it has a certificate to show. Returns what it made.
 */
export async function seedDemoAttempts(
  db: Db,
  signer: CertificateSigner,
  now: Date = new Date(),
): Promise<{
  attempts: number;
  passed: number;
  failed: number;
  reAssessmentStudentId?: number;
  reTakeStudentId?: number;
}> {
  const made = { attempts: 0, passed: 0, failed: 0 } as {
    attempts: number;
    passed: number;
    failed: number;
    reAssessmentStudentId?: number;
    reTakeStudentId?: number;
  };
  const candidates = await db
    .select({ id: students.id, userId: students.userId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        eq(students.onHold, false),
        isNull(students.corporateId),
        sql`coalesce(${users.idNumber}, '') <> ${DEMO_STUDENT_ID_NUMBER}`,
      ),
    )
    .orderBy(asc(students.id));
  const [examiner] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Examiner')).limit(1);
  const [branch] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
  const [passerA, passerB, failsOnce, failsTwice] = candidates;
  if (!branch || !passerA || !passerB) return made;
  // The demo student passed one course before (its certificate is what the demo shows), not the
  // course of its open exam seat.
  const [demoStudent] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER));
  const demoSeatCourses = demoStudent
    ? (
        await db
          .select({ courseId: scheduledSessions.courseId })
          .from(bookings)
          .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
          .where(and(eq(bookings.studentId, demoStudent.id), eq(scheduledSessions.kind, 'exam')))
      ).map((row) => row.courseId)
    : [];
  let demoStudentSat = false;

  const activeExams = await db
    .select()
    .from(exams)
    .where(eq(exams.status, 'active'))
    .orderBy(asc(exams.courseId));
  let dayOffset = 40;
  let firstCourseDone = false;
  for (const exam of activeExams) {
    const bank = await usableBank(db, exam.courseId, exam.questionCount);
    if (!bank) continue;
    const sittings: Sitting[] = [
      { studentId: passerA.id, share: PASS },
      { studentId: passerB.id, share: PASS },
    ];
    if (demoStudent && !demoStudentSat && !demoSeatCourses.includes(exam.courseId)) {
      sittings.push({ studentId: demoStudent.id, share: PASS });
      demoStudentSat = true;
    }
    const retakers = !firstCourseDone;
    if (retakers && failsOnce) sittings.push({ studentId: failsOnce.id, share: FAIL });
    if (retakers && failsTwice) sittings.push({ studentId: failsTwice.id, share: FAIL });
    const assessment = await pastSession(db, {
      courseId: exam.courseId,
      branchId: branch.id,
      language: bank.language,
      examType: 'Assessment',
      examinerId: examiner?.id ?? null,
      day: riyadhLocalOf(new Date(now.getTime() - dayOffset * DAY_MS)).date,
    });
    dayOffset += 2;
    for (const sitting of sittings) {
      await sit(
        db,
        signer,
        { exam, bankId: bank.id, language: bank.language, session: assessment, ...sitting },
        made,
      );
    }
    if (retakers && failsTwice) {
      const reAssessment = await pastSession(db, {
        courseId: exam.courseId,
        branchId: branch.id,
        language: bank.language,
        examType: 'ReAssessment',
        examinerId: examiner?.id ?? null,
        day: riyadhLocalOf(new Date(now.getTime() - 10 * DAY_MS)).date,
      });
      await sit(
        db,
        signer,
        {
          exam,
          bankId: bank.id,
          language: bank.language,
          session: reAssessment,
          studentId: failsTwice.id,
          share: FAIL,
        },
        made,
      );
      made.reTakeStudentId = failsTwice.id;
    }
    if (retakers && failsOnce) made.reAssessmentStudentId = failsOnce.id;
    firstCourseDone = true;
  }
  return made;
}

/** The course's bank with enough active questions: in the course's language if it has one, else any. */
async function usableBank(db: Db, courseId: number, questionCount: number) {
  const banks = await db
    .select({
      id: questionBanks.id,
      language: questionBanks.language,
      active: sql<number>`count(${questions.id})::int`,
    })
    .from(questionBanks)
    .innerJoin(questions, and(eq(questions.bankId, questionBanks.id), isNull(questions.retiredAt)))
    .where(eq(questionBanks.courseId, courseId))
    .groupBy(questionBanks.id)
    .orderBy(asc(questionBanks.id));
  return banks.find((bank) => Number(bank.active) >= questionCount);
}

async function pastSession(
  db: Db,
  values: {
    courseId: number;
    branchId: number;
    language: string;
    examType: ExamType;
    examinerId: number | null;
    day: string;
  },
) {
  const [session] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType: values.examType,
      courseId: values.courseId,
      branchId: values.branchId,
      delivery: 'remote',
      language: values.language,
      startsAt: riyadhInstant(values.day, '10:00'),
      endsAt: riyadhInstant(values.day, '11:00'),
      capacity: 40,
      staffUserId: values.examinerId,
    })
    .returning({
      id: scheduledSessions.id,
      startsAt: scheduledSessions.startsAt,
      courseId: scheduledSessions.courseId,
    });
  if (!session) throw new Error('demo exam session not inserted');
  return session;
}

/** One candidate's sitting: a paid seat, the draw, answers right at `share`, the submission at the deadline's side. */
async function sit(
  db: Db,
  signer: CertificateSigner,
  sitting: {
    exam: typeof exams.$inferSelect;
    bankId: number;
    language: string;
    session: { id: number; startsAt: Date; courseId: number };
    studentId: number;
    share: number;
  },
  made: { attempts: number; passed: number; failed: number },
) {
  const [user] = await db
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, sitting.studentId));
  const price = await priceOf(db, sitting.session.courseId);
  const [booking] = await db
    .insert(bookings)
    .values({
      sessionId: sitting.session.id,
      studentId: sitting.studentId,
      channel: 'student',
      status: 'Booked',
      ...price,
      amountPaid: price.total,
      bookedByUserId: user?.userId ?? 0,
      createdAt: new Date(sitting.session.startsAt.getTime() - 7 * DAY_MS),
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('demo booking not inserted');
  await db
    .update(scheduledSessions)
    .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} + 1` })
    .where(eq(scheduledSessions.id, sitting.session.id));
  const startedAt = new Date(sitting.session.startsAt.getTime() + 5 * 60_000);
  const [attempt] = await db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: sitting.exam.id,
      sessionId: sitting.session.id,
      studentId: sitting.studentId,
      language: sitting.language as typeof examAttempts.$inferInsert.language,
      startedAt,
      endsAt: new Date(startedAt.getTime() + sitting.exam.durationMinutes * 60_000),
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('demo attempt not inserted');
  await drawQuestions(db, attempt.id, sitting.bankId, sitting.exam.questionCount);
  const drawn = await db
    .select({ questionId: attemptQuestions.questionId, answerOrder: attemptQuestions.answerOrder })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.position));
  const rightCount = Math.round(drawn.length * sitting.share);
  for (const [index, question] of drawn.entries()) {
    const answers = await db
      .select({ id: questionAnswers.id, isCorrect: questionAnswers.isCorrect })
      .from(questionAnswers)
      .where(eq(questionAnswers.questionId, question.questionId));
    const chosen = answers.find((answer) => answer.isCorrect === index < rightCount) ?? answers[0];
    if (!chosen) continue;
    await db
      .update(attemptQuestions)
      .set({ chosenAnswerId: chosen.id, answeredAt: new Date(startedAt.getTime() + (index + 1) * 30_000) })
      .where(
        and(eq(attemptQuestions.attemptId, attempt.id), eq(attemptQuestions.questionId, question.questionId)),
      );
  }
  const outcome = await submitAttempt(
    db,
    signer,
    attempt.id,
    'candidate',
    new Date(startedAt.getTime() + (drawn.length + 1) * 30_000),
  );
  made.attempts++;
  if (outcome.result === 'Passed') made.passed++;
  if (outcome.result === 'Failed') made.failed++;
}
