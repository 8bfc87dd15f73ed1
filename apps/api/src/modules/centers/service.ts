import type { Center, CenterCreateInput, CenterInput, CenterKind, CenterListQuery } from '@tasreeh/shared';
import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { writeRefusingDuplicates } from '../../lib/unique-violation.ts';
import { generatePassword, hashPassword } from '../auth/password-hash.ts';
import { queueCenterNotice } from './notices.ts';
import * as repo from './repo.ts';

/** A row as the API answers it: the reviewer as a named reference. */
export function toCenter({ reviewerId, reviewerNameEn, reviewerNameAr, ...row }: repo.CenterRow): Center {
  const reviewedBy =
    reviewerId === null
      ? null
      : { id: reviewerId, nameEn: reviewerNameEn ?? '', nameAr: reviewerNameAr ?? '' };
  return { ...row, reviewedBy };
}

export async function listCenters(ctx: Ctx, query: CenterListQuery) {
  const page = await repo.listCenters(ctx.db, query);
  return { ...page, items: page.items.map(toCenter) };
}

export async function getCenter(ctx: Ctx, id: number): Promise<Center> {
  const row = await repo.findCenter(ctx.db, id);
  if (!row) throw notFound();
  return toCenter(row);
}

/** The logged-in centre's own record (the centre area's dashboard). */
export async function getOwnCenter(ctx: Ctx): Promise<Center> {
  const row = await repo.findCenterOfUser(ctx.db, actorOf(ctx).userId);
  if (!row) throw notFound();
  return toCenter(row);
}

/** Refuses a centre whose names are taken for its kind, or whose CR number, e-mail or mobile is registered. */
export async function refuseClash(
  ctx: Ctx,
  kind: CenterKind,
  input: CenterInput,
  except?: { centerId: number; userId: number },
) {
  const clash = await repo.findClash(ctx.db, kind, input, except);
  if (clash) throw new AppError(clash.code, { status: 409, fields: { [clash.field]: clash.code } });
}

/**
 * The super admin adds a centre directly: approved at once, its login opened with a generated
 * password sent to the centre's mobile (to be changed at first login).
 */
export async function createCenter(ctx: Ctx, { kind, ...input }: CenterCreateInput) {
  const actor = actorOf(ctx);
  const id = await writeRefusingDuplicates(
    () => refuseClash(ctx, kind, input),
    async () => {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return ctx.db.transaction(async (tx) => {
        const userId = await repo.insertCenterLogin(tx, { kind, input, passwordHash, approved: true });
        const centerId = await repo.insertCenter(tx, {
          kind,
          userId,
          input,
          status: 'approved',
          reviewedBy: actor.userId,
        });
        await queueCenterNotice(tx, { kind: 'created', email: input.email, mobile: input.mobile, password });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'center.create',
          entity: 'centers',
          entityId: centerId,
          after: { kind, ...input },
          ip: ctx.ip,
        });
        return centerId;
      });
    },
  );
  return { id, message: translateMessage('PASSWORD_SENT', ctx.lang) };
}

/** Edits a centre's details and its login's e-mail, mobile and names together. */
export async function updateCenter(ctx: Ctx, id: number, input: CenterInput) {
  const actor = actorOf(ctx);
  const before = await getCenter(ctx, id);
  await writeRefusingDuplicates(
    () => refuseClash(ctx, before.kind, input, { centerId: id, userId: before.userId }),
    () =>
      ctx.db.transaction(async (tx) => {
        await repo.updateCenter(tx, id, before.userId, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'center.update',
          entity: 'centers',
          entityId: id,
          before,
          after: input,
          ip: ctx.ip,
        });
      }),
  );
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/**
 * Decides a pending registration: approval opens the centre's login, rejection (with its reason)
 * keeps it shut. Either way the centre is told by SMS and e-mail; a decided one stays decided.
 */
export async function reviewCenter(
  ctx: Ctx,
  id: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) {
  const actor = actorOf(ctx);
  const center = await getCenter(ctx, id);
  const reason = decision.status === 'rejected' ? decision.reason : null;
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockCenterStatus(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'pending') throw new AppError('ALREADY_REVIEWED', { status: 409 });
    await repo.setReview(tx, {
      id,
      userId: locked.userId,
      status: decision.status,
      reason,
      reviewerId: actor.userId,
    });
    await queueCenterNotice(tx, {
      kind: decision.status,
      email: center.email,
      mobile: center.mobile,
      reason: reason ?? undefined,
    });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: decision.status === 'approved' ? 'center.approve' : 'center.reject',
      entity: 'centers',
      entityId: id,
      before: { status: locked.status },
      after: { status: decision.status, reason },
      ip: ctx.ip,
    });
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
