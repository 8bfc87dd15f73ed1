import {
  firstChangePasswordIssue,
  firstResetPasswordIssue,
  type LoginResponse,
  maskPhone,
  translateMessage,
} from '@tasreeh/shared';
import { AppError, invalidField } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { countHit, enforceLimit, peekCount } from '../../lib/rate-limit.ts';
import { refusedLoginCode } from '../centers/policy.ts';
import { actorFromUser } from './actor.ts';
import { consumeGrant, hasLiveGrant } from './codes/repo.ts';
import { checkUnderLockout } from './lockout.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hash.ts';
import * as repo from './repo.ts';
import { signAccessToken } from './tokens.ts';

/** Wrong logins from one address in 15 minutes before it is refused for a while. */
const FAILED_LOGINS_PER_ADDRESS = 50;
const ADDRESS_WINDOW_SECONDS = 15 * 60;

export interface AuthSettings {
  tokenKey: Uint8Array;
  sessionHours: number;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', { status: 401 });
const accountLocked = () =>
  new AppError('ACCOUNT_LOCKED', { status: 429, headers: { 'retry-after': String(15 * 60) } });

/**
 * Checks a login and opens a session. Wrong passwords are counted per account in the
 * database (ten in a row lock it for 15 minutes) and per address.
 */
export async function login(
  ctx: Ctx,
  settings: AuthSettings,
  input: { email: string; password: string; userAgent: string | undefined },
): Promise<LoginResponse> {
  const addressKey = `login-fail:ip:${ctx.ip}`;
  if ((await peekCount(ctx.db, addressKey, ADDRESS_WINDOW_SECONDS)) >= FAILED_LOGINS_PER_ADDRESS) {
    throw new AppError('TOO_MANY_REQUESTS', { status: 429 });
  }
  const user = await repo.findUserByLogin(ctx.db, input.email);
  if (!user) {
    await verifyAgainstNothing(input.password);
    await countHit(ctx.db, addressKey, ADDRESS_WINDOW_SECONDS);
    throw invalidCredentials();
  }
  const outcome = await checkUnderLockout(ctx.db, user.id, () =>
    verifyPassword(user.passwordHash, input.password),
  );
  if (outcome !== 'right') await countHit(ctx.db, addressKey, ADDRESS_WINDOW_SECONDS);
  if (outcome === 'locked') throw accountLocked();
  if (outcome === 'wrong') throw invalidCredentials();
  if (user.status !== 'active') throw new AppError(refusedLoginCode(user), { status: 403 });

  const expiresAt = new Date(Date.now() + settings.sessionHours * 3_600_000);
  const sessionId = await repo.createSession(ctx.db, {
    userId: user.id,
    expiresAt,
    ip: ctx.ip,
    userAgent: input.userAgent,
  });
  const actor = actorFromUser(user, sessionId, ctx.lang);
  return {
    access_token: await signAccessToken(settings.tokenKey, { userId: user.id, sessionId }, expiresAt),
    userId: user.id,
    type: actor.type,
    privileges: actor.privileges,
    studentId: actor.studentId,
    corporateId: actor.corporateId,
    changePassword: actor.changePassword,
    status: user.status,
    name: actor.name,
  };
}

/** The session's rights and type, for the token check every protected screen runs. */
export function describeSession(
  ctx: Ctx,
  claims: { token?: string; userId?: number; bearerToken: string | undefined },
) {
  const actor = actorOf(ctx);
  const mismatch =
    (claims.userId !== undefined && claims.userId !== actor.userId) ||
    (claims.token !== undefined && claims.token !== claims.bearerToken);
  if (mismatch) throw new AppError('UNAUTHENTICATED', { status: 401 });
  return {
    privileges: actor.privileges,
    type: actor.type,
    userId: actor.userId,
    name: actor.name,
    changePassword: actor.changePassword,
  };
}

export async function logout(ctx: Ctx) {
  await repo.revokeSession(ctx.db, actorOf(ctx).sessionId);
  return { message: translateMessage('LOGGED_OUT', ctx.lang) };
}

const LOOKUPS_PER_ADDRESS = 30;
const RESETS_PER_ADDRESS = 20;

/** Whether an e-mail has an account, and its phone masked but for the last two digits. */
export async function checkUserExists(ctx: Ctx, email: string) {
  await enforceLimit(ctx.db, `user-lookup:ip:${ctx.ip}`, LOOKUPS_PER_ADDRESS, ADDRESS_WINDOW_SECONDS);
  const user = await repo.findUserByEmail(ctx.db, email);
  // An inactive account cannot reset its password: here, as for create-otp, it does not exist.
  if (user?.status !== 'active')
    return { exists: false, message: translateMessage('EMAIL_NOT_FOUND', ctx.lang) };
  return { exists: true, phone: user.phone ? maskPhone(user.phone) : '', userId: user.id, id: user.id };
}

/**
 * The forgot-password reset: sets a new password for a user who has just verified a code
 * (the grant from verify-otp, good once), and ends all their sessions.
 */
export async function updatePassword(
  ctx: Ctx,
  input: { userId: number; password: string; rePassword: string; resetToken: string },
) {
  const issue = firstResetPasswordIssue(input.password, input.rePassword);
  if (issue) throw invalidField(issue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password', issue);
  await enforceLimit(ctx.db, `password-reset:ip:${ctx.ip}`, RESETS_PER_ADDRESS, ADDRESS_WINDOW_SECONDS);
  const holder = { purpose: 'password_reset', userId: input.userId } as const;
  const expired = () => new AppError('RESET_EXPIRED', { status: 401 });
  // The hash costs 19 MiB of memory: only for a caller who holds a live grant.
  if (!(await hasLiveGrant(ctx.db, holder, input.resetToken))) throw expired();
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeGrant(tx, holder, input.resetToken))) throw expired();
    await repo.setPassword(tx, input.userId, passwordHash);
    await repo.revokeUserSessions(tx, input.userId);
    await writeAudit(tx, {
      actorUserId: input.userId,
      action: 'password.reset',
      entity: 'users',
      entityId: input.userId,
      ip: ctx.ip,
    });
  });
  return { message: translateMessage('PASSWORD_UPDATED', ctx.lang) };
}

/** A logged-in user changes their own password (spec §5 change-flow rules); other sessions end. */
export async function changePassword(ctx: Ctx, input: { oldPassword: string; newPassword: string }) {
  const actor = actorOf(ctx);
  const issue = firstChangePasswordIssue({ ...input, confirmPassword: input.newPassword });
  if (issue) throw invalidField('newPassword', issue);
  const user = await repo.findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', { status: 401 });
  // A stolen session must not be a way to guess the password: wrong old passwords count as wrong logins.
  const outcome = await checkUnderLockout(ctx.db, user.id, () =>
    verifyPassword(user.passwordHash, input.oldPassword),
  );
  if (outcome === 'locked') throw accountLocked();
  if (outcome === 'wrong')
    throw new AppError('PASSWORD_INCORRECT', { status: 401, data: { statusCode: 401 } });
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await repo.setPassword(tx, actor.userId, passwordHash);
    await repo.revokeUserSessions(tx, actor.userId, actor.sessionId);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'password.change',
      entity: 'users',
      entityId: actor.userId,
      before: { changePassword: user.changePassword },
      after: { changePassword: false },
      ip: ctx.ip,
    });
  });
  return { data: { statusCode: 200, message: translateMessage('PASSWORD_CHANGED', ctx.lang) } };
}
