import { eq } from 'drizzle-orm';
import { courses, scheduledSessions, students, users } from '../db/schema/index.ts';
import { branchIdOf } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * A session inserted straight into the database (the scheduling API is another module's): a
 * Remote training of the seeded "Food Safety Basics" at RUH-01, starting in a day unless told.
 */
export async function insertSession(
  t: TestApp,
  options: {
    capacity?: number;
    seatsTaken?: number;
    startsAt?: Date;
    status?: 'scheduled' | 'cancelled';
    branch?: 'RUH-01' | 'JED-01';
  } = {},
) {
  const [course] = await t.db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.nameEn, 'Food Safety Basics'));
  if (!course) throw new Error('no seeded course Food Safety Basics');
  const startsAt = options.startsAt ?? new Date(Date.now() + 86_400_000);
  const [row] = await t.db
    .insert(scheduledSessions)
    .values({
      kind: 'training',
      courseId: course.id,
      branchId: await branchIdOf(t, options.branch ?? 'RUH-01'),
      delivery: 'remote',
      language: 'en',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      capacity: options.capacity ?? 10,
      seatsTaken: options.seatsTaken ?? 0,
      status: options.status ?? 'scheduled',
    })
    .returning({ id: scheduledSessions.id, courseId: scheduledSessions.courseId });
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** A session's seats taken, as the database holds them. */
export async function seatsTakenOf(t: TestApp, sessionId: number): Promise<number> {
  const [row] = await t.db
    .select({ seatsTaken: scheduledSessions.seatsTaken })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, sessionId));
  return row?.seatsTaken ?? -1;
}

let seed = 0;

/** `n` students inserted straight into the database (no login needed: a teller books them). */
export async function insertStudents(
  t: TestApp,
  n: number,
  options: { corporateId?: number; onHold?: boolean } = {},
) {
  const rows = Array.from({ length: n }, () => {
    seed++;
    return {
      type: 'student' as const,
      email: `booking-student-${seed}-${process.pid}@example.com`,
      nameEn: `Booking Student ${seed}`,
      nameAr: 'متدرب حجز',
      idNumber: `BKS${process.pid}${String(seed).padStart(6, '0')}`,
      passwordHash: 'not-a-login',
    };
  });
  const inserted = await t.db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, idNumber: users.idNumber });
  return t.db
    .insert(students)
    .values(
      inserted.map((user) => ({
        userId: user.id,
        corporateId: options.corporateId ?? null,
        onHold: options.onHold ?? false,
      })),
    )
    .returning({ id: students.id });
}
