import type { Center, CenterCreateInput, CenterInput, CenterKind, CenterListQuery } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { generatePassword, hashPassword } from '../auth/index.ts';
import { queueCenterNotice } from './notices.ts';
import { centersPolicy } from './policy.ts';
import * as repo from './repo.ts';

/** A row as the API answers it: the reviewer as a named reference, and what the caller may do to it. */
export function toCenter(
  ctx: Ctx,
  { reviewerId, reviewerNameEn, reviewerNameAr, ...row }: repo.CenterRow,
): Center {
  const reviewedBy =
    reviewerId === null
      ? null
      : { id: reviewerId, nameEn: reviewerNameEn ?? '', nameAr: reviewerNameAr ?? '' };
  return { ...row, reviewedBy, abilities: centersPolicy.abilities(ctx.actor, row, ['edit', 'review']) };
}

export async function listCenters(ctx: Ctx, query: CenterListQuery) {
  const page = await repo.listCenters(ctx.db, query);
  return { ...page, items: page.items.map((row) => toCenter(ctx, row)) };
}

export function countCenters(ctx: Ctx, query: Parameters<typeof repo.countCenters>[1]) {
  return repo.countCenters(ctx.db, query);
}

export async function getCenter(ctx: Ctx, id: number): Promise<Center> {
  const row = await repo.findCenter(ctx.db, id);
  if (!row) throw notFound();
  return toCenter(ctx, row);
}

/** The logged-in centre's own record (the centre area's dashboard). */
export async function getOwnCenter(ctx: Ctx): Promise<Center> {
  const row = await repo.findCenterOfUser(ctx.db, actorOf(ctx).userId);
  if (!row) throw notFound();
  return toCenter(ctx, row);
}

/** A value of a centre that is taken: a name of its kind, or a registered CR number, e-mail or mobile. */
export function centerClash(field: repo.CenterClashField) {
  const code = field === 'nameEn' || field === 'nameAr' ? 'NAME_EXISTS' : 'RECORDS_ALREADY_REGISTERED';
  return new AppError(code, { status: 409, fields: { [field]: code } });
}

/**
 * Inside a command: refuses a centre whose names are taken for its kind, or whose CR number,
 * e-mail or mobile is registered. It first waits for any other centre write to commit, so that
 * the loser of two identical submits gets the answer a second submit would get.
 */
export async function refuseClash(
  ctx: CommandCtx,
  kind: CenterKind,
  input: CenterInput,
  except?: { centerId: number; userId: number },
) {
  await repo.lockCenterWrites(ctx.db);
  const field = await repo.findClash(ctx.db, kind, input, except);
  if (field) throw centerClash(field);
}

/**
 * The field a unique index guards, when a parallel save took its value: the centre's names
 * and CR number, and its login's e-mail and phone (any other index of the logins is a
 * registered record all the same).
 */
export function centerDuplicateOf(constraint: string | undefined) {
  if (constraint === 'centers_kind_name_en_key') return centerClash('nameEn');
  if (constraint === 'centers_kind_name_ar_key') return centerClash('nameAr');
  if (constraint === 'centers_cr_number_unique') return centerClash('crNumber');
  if (constraint === 'users_email_key') return centerClash('email');
  if (constraint?.startsWith('users_phone')) return centerClash('mobile');
  return new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });
}

/**
 * The super admin adds a centre directly: approved at once, its login opened with a generated
 * password sent to the centre's mobile (to be changed at first login).
 */
export const createCenter = command({
  name: 'center.create',
  entity: 'centers',
  authorize: centersPolicy.authorize('create'),
  run: async (ctx, { kind, ...input }: CenterCreateInput) => {
    const password = generatePassword();
    const passwordHash = await hashPassword(password);
    await refuseClash(ctx, kind, input);
    const userId = await repo.insertCenterLogin(ctx.db, { kind, input, passwordHash, approved: true });
    const id = await repo.insertCenter(ctx.db, {
      kind,
      userId,
      input,
      status: 'approved',
      reviewedBy: actorOf(ctx).userId,
    });
    await queueCenterNotice(ctx, { kind: 'created', email: input.email, mobile: input.mobile, password });
    return { id };
  },
  duplicate: centerDuplicateOf,
  message: 'PASSWORD_SENT',
});

/** Edits a centre's details and its login's e-mail, mobile and names together. */
export const updateCenter = command({
  name: 'center.update',
  entity: 'centers',
  load: (ctx, { id }: { id: number; input: CenterInput }) => getCenter(ctx, id),
  authorize: centersPolicy.authorize('edit', (center: Center) => center),
  run: async (ctx, { id, input }, before) => {
    await refuseClash(ctx, before.kind, input, { centerId: id, userId: before.userId });
    await repo.updateCenter(ctx.db, id, before.userId, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: centerDuplicateOf,
  message: 'RECORDS_UPDATED',
});

/** A centre's row as a review locked it. */
type LockedCenter = NonNullable<Awaited<ReturnType<typeof repo.lockCenterStatus>>>;

/**
 * Decides a pending registration: approval opens the centre's login, rejection (with its reason)
 * keeps it shut. Either way the centre is told by SMS and e-mail; a decided one stays decided
 * (the centre's row is locked, so that two reviewers cannot both decide it).
 */
function reviewCommand(status: 'approved' | 'rejected') {
  return command({
    name: status === 'approved' ? 'center.approve' : 'center.reject',
    entity: 'centers',
    load: async (ctx, { id }: { id: number; reason: string | null }) => {
      const locked = await repo.lockCenterStatus(ctx.db, id);
      if (!locked) throw notFound();
      return locked;
    },
    // A decided one answers 409 ALREADY_REVIEWED.
    authorize: centersPolicy.authorize('review', (locked: LockedCenter) => locked),
    run: async (ctx, { id, reason }, locked) => {
      await repo.setReview(ctx.db, {
        id,
        userId: locked.userId,
        status,
        reason,
        reviewerId: actorOf(ctx).userId,
      });
      const center = await getCenter(ctx, id);
      await queueCenterNotice(ctx, {
        kind: status,
        email: center.email,
        mobile: center.mobile,
        reason: reason ?? undefined,
      });
      return { id };
    },
    audit: ({ input, before }) => ({
      before: { status: before.status },
      after: { status, reason: input.reason },
    }),
    message: 'RECORDS_UPDATED',
  });
}

export const approveCenter = reviewCommand('approved');
export const rejectCenter = reviewCommand('rejected');
