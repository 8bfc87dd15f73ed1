import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  bookings,
  branches,
  examAttempts,
  examResultStats,
  exams,
  scheduledSessions,
  students,
  users,
} from '../schema/index.ts';

const HOUR_MS = 3_600_000;

/** What each demo student sat, oldest first, in the course of the named upcoming retake session. */
const HISTORIES = [
  { course: 'ReAssessment', results: ['Failed'] },
  { course: 'ReAssessment', results: ['Failed'] },
  { course: 'ReAssessment', results: ['Failed'] },
  { course: 'ReTake', results: ['Failed', 'Failed'] },
  { course: 'ReAssessment', results: ['Passed'] },
  { course: 'ReTake', results: ['Failed', 'Passed'] },
] as const;

const FORMS = ['Assessment', 'ReAssessment', 'ReTake'] as const;

/**
 * Past exam results for the scores screens and retake-exam (issue 12): in the first branch, three
 * students due a free ReAssessment and one a paid ReTake — each in the course of an upcoming session
 * of that form, so it can be booked — and passes; the pass/fail counts kept to match. Sessions are
 * Remote (no room) at distinct past hours, so they clash with nothing.
 */
export async function seedDemoExamResults(db: Db, now: Date = new Date()): Promise<void> {
  const [branch] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
  const [examiner] = await db.select({ id: users.id }).from(users).where(eq(users.type, 'Examiner')).limit(1);
  const [booker] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'super admin'))
    .limit(1);
  if (!branch || !examiner || !booker) return;
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
  const courseOf = {
    ReAssessment: upcoming.find((row) => row.examType === 'ReAssessment')?.courseId,
    ReTake: upcoming.find((row) => row.examType === 'ReTake')?.courseId,
  };
  const people = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.branchId, branch.id), eq(students.onHold, false), isNull(students.corporateId)))
    .orderBy(asc(students.id))
    .limit(HISTORIES.length + 1);
  // The first is the demo student login, whose own bookings the payments demo uses: left out.
  const sitters = people.slice(1);
  const counts = new Map<
    string,
    { courseId: number; language: 'en'; examType: (typeof FORMS)[number]; passed: number; failed: number }
  >();
  let hour = 0;
  for (const [index, history] of HISTORIES.entries()) {
    const studentId = sitters[index]?.id;
    const courseId = courseOf[history.course];
    if (!studentId || !courseId) continue;
    const [exam] = await db
      .select()
      .from(exams)
      .where(and(eq(exams.courseId, courseId), eq(exams.status, 'active')))
      .limit(1);
    if (!exam) continue;
    for (const [sitting, result] of history.results.entries()) {
      hour++;
      const startsAt = new Date(now.getTime() - (30 - sitting * 7) * 24 * HOUR_MS - hour * 2 * HOUR_MS);
      const examType = FORMS[sitting] ?? 'ReTake';
      const [session] = await db
        .insert(scheduledSessions)
        .values({
          kind: 'exam',
          examType,
          courseId,
          branchId: branch.id,
          delivery: 'remote',
          language: 'en',
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR_MS),
          capacity: 10,
          seatsTaken: 1,
          staffUserId: examiner.id,
        })
        .returning({ id: scheduledSessions.id });
      if (!session) continue;
      const [booking] = await db
        .insert(bookings)
        .values({
          sessionId: session.id,
          studentId,
          channel: 'counter',
          status: 'Attended',
          originalFee: 0,
          amanaFee: 0,
          vat: 0,
          total: 0,
          bookedByUserId: booker.id,
        })
        .returning({ id: bookings.id });
      if (!booking) continue;
      const score = result === 'Passed' ? exam.passingMarks + 12 : Math.max(0, exam.passingMarks - 18);
      await db.insert(examAttempts).values({
        bookingId: booking.id,
        examId: exam.id,
        sessionId: session.id,
        studentId,
        language: 'en',
        status: 'submitted',
        startedAt: startsAt,
        endsAt: new Date(startsAt.getTime() + exam.durationMinutes * 60_000),
        submittedAt: new Date(startsAt.getTime() + (exam.durationMinutes - 5) * 60_000),
        submittedBy: 'candidate',
        writtenScore: score,
        score,
        result,
      });
      const key = `${courseId}/${examType}`;
      const count = counts.get(key) ?? { courseId, language: 'en', examType, passed: 0, failed: 0 };
      if (result === 'Passed') count.passed++;
      else count.failed++;
      counts.set(key, count);
    }
  }
  if (counts.size > 0)
    await db
      .insert(examResultStats)
      .values([...counts.values()])
      .onConflictDoNothing();
}
