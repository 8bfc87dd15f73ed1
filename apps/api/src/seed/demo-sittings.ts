import { riyadhInstant, riyadhLocalOf } from '@tasreeh/shared';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  attemptQuestions,
  bookings,
  branches,
  corporates,
  courses,
  examAttempts,
  exams,
  questionAnswers,
  questionBanks,
  questions,
  scheduledSessions,
  students,
  users,
} from '../db/schema/index.ts';
import { FREE, type Price, priceOf } from '../modules/bookings/index.ts';
import type { CertificateIssuer, CertificateSigner } from '../modules/certificates/index.ts';
import { drawQuestions, submitAttempt } from '../modules/exam-attempts/index.ts';
import { cardFields, insertPayment } from './demo-bookings.ts';
import { DEMO_SECOND_CORPORATE } from './demo-students.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

const DAY_MS = 86_400_000;

/** How a demo candidate does: the share of questions answered right. */
const PASS = 0.85;
const FAIL = 0.3;

/** How many students the demo leaves due a free ReAssessment (the scores e2e books one per language). */
const DUE_REASSESSMENT = 3;

type ExamType = 'Assessment' | 'ReAssessment' | 'ReTake';
type Exam = typeof exams.$inferSelect;
type Bank = { id: number; language: string };
type PastSession = { id: number; startsAt: Date; courseId: number; examType: ExamType };

export interface DemoSittings {
  attempts: number;
  passed: number;
  failed: number;
  /** Students whose one fail makes a free ReAssessment due, in the course of an upcoming one. */
  reAssessmentStudentIds: number[];
  /** The student whose two fails make a paid ReTake due, in the course of an upcoming one. */
  reTakeStudentId?: number;
}

/**
 * The seed runs without the server's file store: a demo candidate's certificate keeps no photo
 * (the demo students have none, at registration or check-in, so there is none to copy anyway).
 */
const PHOTOLESS: CertificateIssuer['files'] = {
  read: () => Promise.reject(new Error('the demo seed reads no stored files')),
  save: () => Promise.reject(new Error('the demo seed stores no files')),
};

/**
 * The demo's past exam sittings (issue 12), each through the real draw, the answers and the
 * submission (which scores, counts the statistics and issues a pass's certificate dated by its
 * submission). In the first branch, for every course with an active exam and a bank big enough:
 * an Assessment some weeks ago where two students pass. The demo student
 * (student@tasreeh.test) passes the first course it holds no exam seat in, so it has one
 * certificate to show; a worker of the second corporate (alwaha@tasreeh.test) passes too, so a
 * corporate's scores list has a row. In the course of the first upcoming ReAssessment session,
 * three students fail once (due a free ReAssessment); in the course of the first upcoming ReTake
 * session one student fails the Assessment and a past ReAssessment (due a paid ReTake) and
 * another fails then passes its ReAssessment. Retakers are students with no booking of that
 * course, so no training or seat of theirs cancels or hides what is due.
 */
export async function seedDemoSittings(
  db: Db,
  signer: CertificateSigner,
  seller: Config['seller'],
  now: Date = new Date(),
): Promise<DemoSittings> {
  const made: DemoSittings = { attempts: 0, passed: 0, failed: 0, reAssessmentStudentIds: [] };
  const issuer: CertificateIssuer = { signer, files: PHOTOLESS };
  const [branch] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
  const [examiner] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Examiner')).limit(1);
  if (!branch) return made;
  const candidates = (
    await db
      .select({ id: students.id, branchId: students.branchId })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(
        and(
          eq(students.onHold, false),
          isNull(students.corporateId),
          sql`coalesce(${users.idNumber}, '') <> ${DEMO_STUDENT_ID_NUMBER}`,
        ),
      )
      .orderBy(asc(students.id))
  )
    // The first branch's students first: the sessions are that branch's.
    .sort((a, b) => Number(b.branchId === branch.id) - Number(a.branchId === branch.id))
    .map((row) => row.id);
  const [demoStudent] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER));
  const [corporateWorker] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(corporates, eq(corporates.id, students.corporateId))
    .where(and(eq(corporates.crNumber, DEMO_SECOND_CORPORATE.crNumber), eq(students.onHold, false)))
    .orderBy(asc(students.id))
    .limit(1);

  // Who holds any booking of each course (training or exam): never a retaker of it.
  const booked = await db
    .selectDistinct({ studentId: bookings.studentId, courseId: scheduledSessions.courseId })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId));
  const hasBooking = (studentId: number, courseId: number) =>
    booked.some((row) => row.studentId === studentId && row.courseId === courseId);

  const upcoming = await db
    .select({ courseId: scheduledSessions.courseId, examType: scheduledSessions.examType })
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.branchId, branch.id),
        inArray(scheduledSessions.examType, ['ReAssessment', 'ReTake']),
        gt(scheduledSessions.startsAt, now),
      ),
    )
    .orderBy(asc(scheduledSessions.startsAt));

  const activeExams = await db
    .select()
    .from(exams)
    .where(eq(exams.status, 'active'))
    .orderBy(asc(exams.courseId));
  const usable: { exam: Exam; bank: Bank }[] = [];
  for (const exam of activeExams) {
    const bank = await usableBank(db, exam.courseId, exam.questionCount);
    if (bank) usable.push({ exam, bank });
  }
  const first = usable[0]?.exam.courseId;
  const reAssessmentCourse = upcoming.find((row) => row.examType === 'ReAssessment')?.courseId ?? first;
  const reTakeCourse = upcoming.find((row) => row.examType === 'ReTake')?.courseId ?? first;
  // The demo student passed a course before, not the course of its open exam seat.
  const demoSeatCourses = demoStudent
    ? (
        await db
          .select({ courseId: scheduledSessions.courseId })
          .from(bookings)
          .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
          .where(and(eq(bookings.studentId, demoStudent.id), eq(scheduledSessions.kind, 'exam')))
      ).map((row) => row.courseId)
    : [];
  const demoCourse = usable.find(({ exam }) => !demoSeatCourses.includes(exam.courseId))?.exam.courseId;

  const [passerA, passerB] = candidates;
  const taken = new Set([passerA, passerB]);
  /** The next `count` candidates not yet given a part, with no booking of the course. */
  const retakers = (courseId: number, count: number) => {
    const chosen = candidates.filter((id) => !taken.has(id) && !hasBooking(id, courseId)).slice(0, count);
    for (const id of chosen) taken.add(id);
    return chosen;
  };

  let dayOffset = 40;
  for (const { exam, bank } of usable) {
    const courseId = exam.courseId;
    const place = { exam, bank, branchId: branch.id, examinerId: examiner?.id ?? null };
    const sittings: { studentId: number; share: number }[] = [];
    for (const passer of [passerA, passerB]) if (passer) sittings.push({ studentId: passer, share: PASS });
    if (demoStudent && courseId === demoCourse) sittings.push({ studentId: demoStudent.id, share: PASS });
    if (corporateWorker && courseId === first) sittings.push({ studentId: corporateWorker.id, share: PASS });
    const failOnce = courseId === reAssessmentCourse ? retakers(courseId, DUE_REASSESSMENT) : [];
    const [failTwice, failThenPass] = courseId === reTakeCourse ? retakers(courseId, 2) : [];
    for (const studentId of [...failOnce, failTwice, failThenPass]) {
      if (studentId !== undefined) sittings.push({ studentId, share: FAIL });
    }
    const assessment = await pastSession(db, place, 'Assessment', dayAgo(now, dayOffset));
    dayOffset += 2;
    for (const sitting of sittings) await sit(db, { issuer, seller }, place, assessment, sitting, made);
    made.reAssessmentStudentIds.push(...failOnce);

    if (failTwice !== undefined || failThenPass !== undefined) {
      const reAssessment = await pastSession(db, place, 'ReAssessment', dayAgo(now, 10));
      if (failTwice !== undefined) {
        await sit(db, { issuer, seller }, place, reAssessment, { studentId: failTwice, share: FAIL }, made);
        made.reTakeStudentId = failTwice;
      }
      if (failThenPass !== undefined) {
        await sit(
          db,
          { issuer, seller },
          place,
          reAssessment,
          { studentId: failThenPass, share: PASS },
          made,
        );
      }
    }
  }
  return made;
}

/** The Riyadh date `days` before `now`. */
function dayAgo(now: Date, days: number): string {
  return riyadhLocalOf(new Date(now.getTime() - days * DAY_MS)).date;
}

/** The course's bank with enough active questions: the first such (English before Arabic and Urdu). */
async function usableBank(db: Db, courseId: number, questionCount: number): Promise<Bank | undefined> {
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

interface Place {
  exam: Exam;
  bank: Bank;
  branchId: number;
  examinerId: number | null;
}

/** A past Remote exam session of the course (no room, so it clashes with nothing), 10:00–11:00 Riyadh. */
async function pastSession(db: Db, place: Place, examType: ExamType, day: string): Promise<PastSession> {
  const [session] = await db
    .insert(scheduledSessions)
    .values({
      kind: 'exam',
      examType,
      courseId: place.exam.courseId,
      branchId: place.branchId,
      delivery: 'remote',
      language: place.bank.language,
      startsAt: riyadhInstant(day, '10:00'),
      endsAt: riyadhInstant(day, '11:00'),
      capacity: 40,
      staffUserId: place.examinerId,
    })
    .returning({
      id: scheduledSessions.id,
      startsAt: scheduledSessions.startsAt,
      courseId: scheduledSessions.courseId,
    });
  if (!session) throw new Error('demo exam session not inserted');
  return { ...session, examType };
}

/**
 * One candidate's sitting: a seat paid by card a week before (with its payment and invoice; a
 * ReAssessment's is free), the draw, answers right at `share` given half a minute apart, and the
 * submission just after the last answer.
 */
async function sit(
  db: Db,
  { issuer, seller }: { issuer: CertificateIssuer; seller: Config['seller'] },
  place: Place,
  session: PastSession,
  sitting: { studentId: number; share: number },
  made: DemoSittings,
) {
  const [user] = await db
    .select({ userId: students.userId })
    .from(students)
    .where(eq(students.id, sitting.studentId));
  const price: Price = session.examType === 'ReAssessment' ? FREE : await priceOf(db, session.courseId);
  const [booking] = await db
    .insert(bookings)
    .values({
      sessionId: session.id,
      studentId: sitting.studentId,
      channel: 'student',
      status: 'Booked',
      ...price,
      amountPaid: price.total,
      bookedByUserId: user?.userId ?? 0,
      createdAt: new Date(session.startsAt.getTime() - 7 * DAY_MS),
    })
    .returning();
  if (!booking) throw new Error('demo booking not inserted');
  if (price.total > 0) {
    const [course] = await db
      .select({ nameEn: courses.nameEn, nameAr: courses.nameAr })
      .from(courses)
      .where(eq(courses.id, session.courseId));
    const paid = { ...booking, courseNameEn: course?.nameEn ?? '', courseNameAr: course?.nameAr ?? '' };
    await insertPayment(
      db,
      seller,
      { ...paid, branchId: place.branchId },
      {
        method: 'card',
        status: 'paid',
        extra: cardFields('mada'),
      },
    );
  }
  await db
    .update(scheduledSessions)
    .set({ seatsTaken: sql`${scheduledSessions.seatsTaken} + 1` })
    .where(eq(scheduledSessions.id, session.id));
  const startedAt = new Date(session.startsAt.getTime() + 5 * 60_000);
  const [attempt] = await db
    .insert(examAttempts)
    .values({
      bookingId: booking.id,
      examId: place.exam.id,
      sessionId: session.id,
      studentId: sitting.studentId,
      language: place.bank.language as typeof examAttempts.$inferInsert.language,
      startedAt,
      endsAt: new Date(startedAt.getTime() + place.exam.durationMinutes * 60_000),
    })
    .returning({ id: examAttempts.id });
  if (!attempt) throw new Error('demo attempt not inserted');
  await drawQuestions(db, attempt.id, place.bank.id, place.exam.questionCount);
  const drawn = await db
    .select({ questionId: attemptQuestions.questionId })
    .from(attemptQuestions)
    .where(eq(attemptQuestions.attemptId, attempt.id))
    .orderBy(asc(attemptQuestions.position));
  const answers = await db
    .select({
      id: questionAnswers.id,
      questionId: questionAnswers.questionId,
      isCorrect: questionAnswers.isCorrect,
    })
    .from(questionAnswers)
    .where(
      inArray(
        questionAnswers.questionId,
        drawn.map((row) => row.questionId),
      ),
    )
    .orderBy(asc(questionAnswers.id));
  const rightCount = Math.round(drawn.length * sitting.share);
  const chosen = drawn.flatMap((question, index) => {
    const own = answers.filter((answer) => answer.questionId === question.questionId);
    const answer = own.find((row) => row.isCorrect === index < rightCount) ?? own[0];
    if (!answer) return [];
    const at = new Date(startedAt.getTime() + (index + 1) * 30_000).toISOString();
    return [sql`(${question.questionId}::int, ${answer.id}::int, ${at}::timestamptz)`];
  });
  // Every answer in one statement: the seed runs on every test template and every first start.
  if (chosen.length > 0) {
    await db.execute(sql`
      update attempt_questions aq
      set chosen_answer_id = v.answer_id, answered_at = v.answered_at
      from (values ${sql.join(chosen, sql`, `)}) as v(question_id, answer_id, answered_at)
      where aq.attempt_id = ${attempt.id} and aq.question_id = v.question_id`);
  }
  const outcome = await submitAttempt(
    db,
    issuer,
    attempt.id,
    'candidate',
    new Date(startedAt.getTime() + (drawn.length + 1) * 30_000),
  );
  made.attempts++;
  if (outcome.result === 'Passed') made.passed++;
  if (outcome.result === 'Failed') made.failed++;
}
