import { riyadhInstant, riyadhLocalOf } from '@tasreeh/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { branches, classrooms, courses, scheduledSessions, users } from '../db/schema/index.ts';

const DAY_MS = 86_400_000;
const WEEKS = 4;

/** The Riyadh local date `days` after the seed's "now". */
function dayAfter(now: Date, days: number): string {
  return riyadhLocalOf(new Date(now.getTime() + days * DAY_MS)).date;
}

/**
 * Sessions in each branch over the next four weeks from `now` (trainings and exams, given to
 * the demo instructor and examiner, on days that never clash), a Remote training, and one exam
 * session open at start time: it began five minutes before seeding and runs for an hour.
 * Runs inside seedDemo, which seeds only a database with no users, so it never repeats.
 */
export async function seedDemoSessions(db: Db, now: Date = new Date()): Promise<void> {
  const staff = await db
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(inArray(users.type, ['Instructor', 'Examiner']))
    .orderBy(asc(users.id));
  const instructorId = staff.find((user) => user.type === 'Instructor')?.id;
  const examinerId = staff.find((user) => user.type === 'Examiner')?.id;
  const courseRows = await db
    .select({ id: courses.id, language: courses.language })
    .from(courses)
    .orderBy(asc(courses.id));
  const branchRows = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id));
  if (!instructorId || !examinerId || courseRows.length === 0) return;

  const rows: (typeof scheduledSessions.$inferInsert)[] = [];
  for (const [branchIndex, branch] of branchRows.entries()) {
    const rooms = await db
      .select({ id: classrooms.id, capacity: classrooms.capacity })
      .from(classrooms)
      .where(eq(classrooms.branchId, branch.id))
      .orderBy(asc(classrooms.id));
    const trainingRoom = rooms[0];
    const examRoom = rooms[rooms.length - 1];
    if (!trainingRoom || !examRoom) continue;
    for (let week = 0; week < WEEKS; week++) {
      const course = courseRows[(week + branchIndex) % courseRows.length];
      if (!course) continue;
      const common = { courseId: course.id, branchId: branch.id, language: course.language };
      const trainingDay = dayAfter(now, 1 + week * 7 + branchIndex * 2);
      const examDay = dayAfter(now, 2 + week * 7 + branchIndex * 2);
      rows.push({
        ...common,
        kind: 'training',
        delivery: 'in_person',
        classroomId: trainingRoom.id,
        capacity: trainingRoom.capacity,
        startsAt: riyadhInstant(trainingDay, '09:00'),
        endsAt: riyadhInstant(trainingDay, '12:00'),
        staffUserId: instructorId,
      });
      rows.push({
        ...common,
        kind: 'exam',
        examType: week === 3 ? 'ReTake' : week === 2 ? 'ReAssessment' : 'Assessment',
        delivery: 'in_person',
        classroomId: examRoom.id,
        capacity: examRoom.capacity,
        startsAt: riyadhInstant(examDay, '10:00'),
        endsAt: riyadhInstant(examDay, '11:00'),
        staffUserId: examinerId,
      });
      if (branchIndex === 0) {
        rows.push({
          ...common,
          kind: 'training',
          delivery: 'remote',
          classroomId: null,
          capacity: 40,
          startsAt: riyadhInstant(trainingDay, '18:00'),
          endsAt: riyadhInstant(trainingDay, '20:00'),
          staffUserId: instructorId,
        });
      }
    }
  }
  const firstBranch = branchRows[0];
  const firstCourse = courseRows[0];
  const [openRoom] = firstBranch
    ? await db
        .select({ id: classrooms.id, capacity: classrooms.capacity })
        .from(classrooms)
        .where(eq(classrooms.branchId, firstBranch.id))
        .orderBy(asc(classrooms.id))
        .offset(1)
        .limit(1)
    : [];
  if (firstBranch && firstCourse && openRoom) {
    rows.push({
      kind: 'exam',
      examType: 'Assessment',
      courseId: firstCourse.id,
      branchId: firstBranch.id,
      language: firstCourse.language,
      delivery: 'in_person',
      classroomId: openRoom.id,
      capacity: openRoom.capacity,
      startsAt: new Date(now.getTime() - 5 * 60_000),
      endsAt: new Date(now.getTime() + 55 * 60_000),
      staffUserId: examinerId,
    });
  }
  if (rows.length > 0) await db.insert(scheduledSessions).values(rows);
}
