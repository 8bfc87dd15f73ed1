import { canAccess, Resource } from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledSessions } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';

/**
 * Who may see and change a course's question banks (add-exam/{id}; docs/decisions, question banks):
 * staff holding read_7 see them and edit_7 change them; an examiner, in the examiner area, both
 * for a course of which an exam session is assigned to them (not cancelled). Nobody else: a
 * bank holds the correct answers.
 */
export async function bankAccessOf(
  db: Db,
  actor: Actor,
  courseId: number,
): Promise<{ read: boolean; edit: boolean }> {
  if (actor.type === 'Examiner') {
    const assigned = await isAssignedExaminer(db, actor.userId, courseId);
    return { read: assigned, edit: assigned };
  }
  if (actor.type === 'student' || actor.type === 'corporate') return { read: false, edit: false };
  return {
    read: canAccess(actor.privileges, Resource.Assessments, 'read'),
    edit: canAccess(actor.privileges, Resource.Assessments, 'edit'),
  };
}

export async function requireBankAccess(db: Db, actor: Actor, courseId: number, need: 'read' | 'edit') {
  const access = await bankAccessOf(db, actor, courseId);
  if (!access[need]) throw forbidden();
}

async function isAssignedExaminer(db: Db, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(scheduledSessions)
    .where(
      and(
        eq(scheduledSessions.courseId, courseId),
        eq(scheduledSessions.kind, 'exam'),
        eq(scheduledSessions.staffUserId, userId),
        sql`${scheduledSessions.status} <> 'cancelled'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
