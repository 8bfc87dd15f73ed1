import type { Finger, FingerprintEnrolInput, FingerprintStatus } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentFingerprints, students, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import type { FingerprintEngine } from './engine.ts';
import { fingerprintsPolicy } from './policy.ts';

/** A student the caller may work with (its branch and corporate in the caller's scope); 404 for any other. */
async function studentInScope(db: Db, actor: Actor, studentId: number, lock = false) {
  const query = db
    .select({ id: students.id, branchId: students.branchId, corporateId: students.corporateId })
    .from(students)
    .where(eq(students.id, studentId));
  const [student] = lock ? await query.for('update') : await query;
  if (!student || !fingerprintsPolicy.may(actor, 'reach', student)) throw notFound();
  return student;
}

/** The route guard of enrolling: the student in the caller's scope (404), before the captures are read. */
export async function assertStudentInScope(ctx: Ctx, { id }: { id: number }): Promise<void> {
  await studentInScope(ctx.db, actorOf(ctx), id);
}

/** What is enrolled for a student: the finger, when and by whom; never the template. */
export async function getFingerprint(ctx: Ctx, studentId: number): Promise<FingerprintStatus> {
  await studentInScope(ctx.db, actorOf(ctx), studentId);
  const [row] = await ctx.db
    .select({
      finger: studentFingerprints.finger,
      enrolledAt: studentFingerprints.enrolledAt,
      enrolledByName: ctx.lang === 'ar' ? users.nameAr : users.nameEn,
    })
    .from(studentFingerprints)
    .leftJoin(users, eq(users.id, studentFingerprints.enrolledByUserId))
    .where(eq(studentFingerprints.studentId, studentId));
  const enrolled = row !== undefined;
  return {
    studentId,
    enrolled,
    finger: row?.finger ?? null,
    enrolledAt: row?.enrolledAt.toISOString() ?? null,
    enrolledByName: row?.enrolledByName ?? null,
    abilities: fingerprintsPolicy.abilities(ctx.actor, { enrolled }, ['enrol', 'remove']),
  };
}

const saveTemplate = command({
  name: 'fingerprint.enrol',
  entity: 'student_fingerprints',
  load: async (ctx, input: { studentId: number; finger: Finger; template: string }) => {
    await studentInScope(ctx.db, actorOf(ctx), input.studentId, true);
    const [previous] = await ctx.db
      .select({ finger: studentFingerprints.finger })
      .from(studentFingerprints)
      .where(eq(studentFingerprints.studentId, input.studentId));
    return { finger: previous?.finger ?? null };
  },
  authorize: fingerprintsPolicy.authorize('enrol'),
  run: async (ctx, input) => {
    const values = {
      finger: input.finger,
      template: input.template,
      enrolledByUserId: actorOf(ctx).userId,
      enrolledAt: new Date(),
    };
    await ctx.db
      .insert(studentFingerprints)
      .values({ studentId: input.studentId, ...values })
      .onConflictDoUpdate({ target: studentFingerprints.studentId, set: values });
    return { studentId: input.studentId, finger: input.finger };
  },
  // The finger, never the template.
  audit: ({ input, before }) => ({ entityId: input.studentId, before, after: { finger: input.finger } }),
  message: 'FINGERPRINT_ENROLLED',
});

/**
 * Enrols a finger from its four captures, replacing any earlier enrolment of the student. The
 * template is built (by the matching service) before the transaction, which then only writes it.
 */
export async function enrolFingerprint(
  ctx: Ctx,
  engine: FingerprintEngine,
  studentId: number,
  input: FingerprintEnrolInput,
) {
  // Out of scope is a 404 before any work for the engine.
  await studentInScope(ctx.db, actorOf(ctx), studentId);
  const template = await engine.buildTemplate(input.finger, input.captures);
  return saveTemplate(ctx, { studentId, finger: input.finger, template });
}

export const removeFingerprint = command({
  name: 'fingerprint.remove',
  entity: 'student_fingerprints',
  load: async (ctx, { studentId }: { studentId: number }) => {
    await studentInScope(ctx.db, actorOf(ctx), studentId, true);
    const [row] = await ctx.db
      .select({ finger: studentFingerprints.finger })
      .from(studentFingerprints)
      .where(eq(studentFingerprints.studentId, studentId));
    if (!row) throw notFound();
    return row;
  },
  authorize: fingerprintsPolicy.authorize('remove', () => ({ enrolled: true })),
  run: async (ctx, { studentId }) => {
    await ctx.db.delete(studentFingerprints).where(eq(studentFingerprints.studentId, studentId));
    return { studentId };
  },
  audit: ({ input, before }) => ({ entityId: input.studentId, before, after: null }),
  message: 'FINGERPRINT_REMOVED',
});
