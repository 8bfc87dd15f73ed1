import { BACK_OFFICE_TYPES, Resource } from '@tasreeh/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scheduledSessions } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/context.ts';
import { type Authorization, definePolicy, holds } from '../../lib/policy.ts';

/** A course's question banks as their rules see them: whether the caller examines one of its exam sessions. */
interface BankOf {
  /** The caller is the examiner of an exam session of the course (not cancelled). */
  assigned: boolean;
}

/**
 * Who sees (`read`) or changes (`edit`) a course's banks: an examiner, in the examiner area, both
 * for a course of which an exam session is assigned to them; staff by read_7 / edit_7; nobody
 * else: a bank holds the correct answers.
 */
const bankRule =
  (action: 'read' | 'edit') =>
  (actor: Actor, bank: BankOf): boolean => {
    if (actor.type === 'Examiner') return bank.assigned;
    if (actor.type === 'student' || actor.type === 'corporate') return false;
    return holds(Resource.Assessments, action)(actor, bank);
  };

/**
 * The question banks' routes (add-exam/{id}): staff with read_7 / edit_7, or an examiner: the
 * route lets examiners in, and the bank rules check the assignment.
 */
const banks = (action: 'read' | 'edit') =>
  ({
    types: [...BACK_OFFICE_TYPES, 'Examiner'],
    permission: { resource: Resource.Assessments, action },
    owners: ['Examiner'],
  }) as const;

/**
 * Who may do what with exams and question banks (spec resource 7; docs/decisions, question
 * banks). An exam's own page and settings are guarded by the course rights (6), as the spec's
 * view- and edit-assessment are.
 */
export const assessmentsPolicy = definePolicy({
  area: 'assessments',
  routes: {
    read: { permission: { resource: Resource.Assessments, action: 'read' } },
    create: { permission: { resource: Resource.Assessments, action: 'create' } },
    view: { permission: { resource: Resource.Courses, action: 'read' } },
    edit: { permission: { resource: Resource.Courses, action: 'edit' } },
    readBanks: banks('read'),
    editBanks: banks('edit'),
  },
  rules: {
    create: holds(Resource.Assessments, 'create'),
    /** An exam's settings (edit-assessment): edit on courses. */
    edit: holds(Resource.Courses, 'edit'),
    readQuestions: bankRule('read'),
    editQuestions: bankRule('edit'),
  },
});

/** Whether the actor may see and change a course's question banks (reads the examiner's assignment). */
export async function bankAccessOf(
  db: Db,
  actor: Actor,
  courseId: number,
): Promise<{ read: boolean; edit: boolean }> {
  const bank = {
    assigned: actor.type === 'Examiner' && (await isAssignedExaminer(db, actor.userId, courseId)),
  };
  const { readQuestions, editQuestions } = assessmentsPolicy.abilities(actor, bank, [
    'readQuestions',
    'editQuestions',
  ]);
  return { read: readQuestions, edit: editQuestions };
}

/** Refuses (403) a caller who may not see (`read`) or change (`edit`) the course's banks. */
export async function requireBankAccess(
  db: Db,
  actor: Actor | undefined,
  courseId: number,
  need: 'read' | 'edit',
) {
  const assigned = actor?.type === 'Examiner' && (await isAssignedExaminer(db, actor.userId, courseId));
  assessmentsPolicy.assert(actor, need === 'read' ? 'readQuestions' : 'editQuestions', { assigned });
}

/**
 * The authorize step of every change to a bank: the policy's `editQuestions` for the course of
 * what `load` read (it reads whether an examiner is assigned to the course: 403 otherwise).
 */
export function mayEditQuestions<Input, Before extends { courseId: number }>(): Authorization<Input, Before> {
  return assessmentsPolicy.authorizeBy('editQuestions', (ctx, _input: Input, before: Before) =>
    requireBankAccess(ctx.db, ctx.actor, before.courseId, 'edit'),
  );
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
