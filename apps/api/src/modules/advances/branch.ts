import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, students } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/context.ts';

const fieldError = (code: 'REQUIRED' | 'INVALID_VALUE') =>
  new AppError(code, { status: 400, fields: { branchId: code } });

/** The centre's main branch: the first active branch of type `main`, else the first branch. */
async function mainBranchOf(db: Db): Promise<number | null> {
  const [main] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.type, 'main'), eq(branches.status, 'active')))
    .orderBy(asc(branches.id))
    .limit(1);
  if (main) return main.id;
  const [first] = await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.id)).limit(1);
  return first?.id ?? null;
}

/**
 * The branch an advance belongs to, whose daily closing counts its money (decision 0021):
 * - staff of a branch: theirs (naming another is refused);
 * - head-office staff: the branch they name, required, an active branch that exists;
 * - a payer's own advance: the student's registration branch, or for a corporate or a student
 *   registered to none, the centre's main branch (naming one is refused: the server decides).
 */
export async function advanceBranchOf(
  db: Db,
  actor: Actor,
  input: { payerKind: 'student' | 'corporate'; payerId: number; branchId?: number },
  own: boolean,
): Promise<number | null> {
  if (own) {
    if (input.branchId !== undefined) throw fieldError('INVALID_VALUE');
    if (input.payerKind === 'student') {
      const [student] = await db
        .select({ branchId: students.branchId })
        .from(students)
        .where(eq(students.id, input.payerId));
      if (student?.branchId) return student.branchId;
    }
    return mainBranchOf(db);
  }
  if (actor.branchId !== null) {
    if (input.branchId !== undefined && input.branchId !== actor.branchId) throw fieldError('INVALID_VALUE');
    return actor.branchId;
  }
  if (input.branchId === undefined) throw fieldError('REQUIRED');
  const [branch] = await db
    .select({ id: branches.id, status: branches.status })
    .from(branches)
    .where(eq(branches.id, input.branchId));
  if (!branch) throw notFound();
  // A branch no longer open takes no money: its days are no longer closed.
  if (branch.status !== 'active') throw fieldError('INVALID_VALUE');
  return branch.id;
}
