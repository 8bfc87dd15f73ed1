import { createHash } from 'node:crypto';
import {
  firstChangePasswordIssue,
  firstResetPasswordIssue,
  type LoginResponse,
  maskPhone,
  normalizeDigits,
  translateMessage,
} from '@tasreeh/shared';
import { AppError, invalidField } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { callerAbilitiesOf } from '../../lib/policy.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { actorFromUser } from './actor.ts';
import type { ChallengeSettings } from './challenge.ts';
import { consumeGrant } from './codes/repo.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hash.ts';
import {
  checkLoginPassword,
  claimOldPasswordTry,
  settleOldPasswordTry,
  type TrySubject,
} from './password-tries.ts';
import { authPolicy } from './policy.ts';
import { refusedLoginCode } from './refused-login.ts';
import * as repo from './repo.ts';
import { signAccessToken } from './tokens.ts';

const ADDRESS_WINDOW_SECONDS = 15 * 60;

export interface AuthSettings {
  tokenKey: Uint8Array;
  sessionHours: number;
  challenges: ChallengeSettings;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', { status: 401 });

/** Whose password a login tries: the account it names, else the name itself (hashed: it may be a mistyped password). */
function subjectOf(user: { id: number } | undefined, login: string): TrySubject {
  if (user) return `user:${user.id}`;
  const name = normalizeDigits(login.trim()).toLowerCase();
  return `login:${createHash('sha256').update(name).digest('base64url')}`;
}

/**
 * Checks a login and opens a session. Wrong passwords slow down further tries of that account
 * from that address and, beyond a few, call for a proof-of-work challenge (password-tries.ts);
 * nothing locks the account.
 */
export async function login(
  ctx: Ctx,
  settings: AuthSettings,
  input: { email: string; password: string; altcha?: string | undefined; userAgent: string | undefined },
): Promise<LoginResponse> {
  const user = await repo.findUserByLogin(ctx.db, input.email);
  const isRight = await checkLoginPassword(
    ctx,
    settings.challenges,
    { subject: subjectOf(user, input.email), solution: input.altcha },
    async () => {
      if (user) return verifyPassword(user.passwordHash, input.password);
      await verifyAgainstNothing(input.password);
      return false;
    },
  );
  if (!user || !isRight) throw invalidCredentials();
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
    access_token: signAccessToken(settings.tokenKey, { userId: user.id, sessionId }, expiresAt),
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
    abilities: callerAbilitiesOf(actor),
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

/** Refuses a new password on the list of the 10,000 most common ones, on the field it was typed in. */
async function refuseCommonPassword(field: string, password: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalidField(field, 'PASSWORD_TOO_COMMON');
}

/**
 * A user's own password change as one command: after the Idempotency-Key's claim (a replay answers
 * as the first time), the old password checked and the new one set under the user's row lock, the
 * first-login mark cleared, every other session ended. The audit row says what the mark was,
 * never a password (the key's request hash is keyed by the server secret).
 */
const ownPasswordChange = command({
  name: 'password.change',
  entity: 'users',
  load: async (
    ctx,
    input: { userId: number; keepSessionId: string; oldPassword: string; newPassword: string },
  ) => {
    const user = await repo.lockPasswordOf(ctx.db, input.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', { status: 401 });
    if (!(await verifyPassword(user.passwordHash, input.oldPassword)))
      throw new AppError('PASSWORD_INCORRECT', { status: 401, data: { statusCode: 401 } });
    return { changePassword: user.changePassword };
  },
  authorize: authPolicy.authorize(
    'changeOwnPassword',
    (_before: { changePassword: boolean }, input: { userId: number }) => input,
  ),
  run: async (ctx, input) => {
    await repo.setPassword(ctx.db, input.userId, await hashPassword(input.newPassword));
    await repo.revokeUserSessions(ctx.db, input.userId, input.keepSessionId);
    return { data: { statusCode: 200, message: translateMessage('PASSWORD_CHANGED', ctx.lang) } };
  },
  audit: ({ input, before }) => ({ entityId: input.userId, before, after: { changePassword: false } }),
});

/**
 * A forgotten password replaced as one command: the grant from verify-otp used up (no grant, no
 * costly hash), the new password set, every session of the user ended; the audit row holds no
 * password.
 */
const forgottenPasswordReset = command({
  name: 'password.reset',
  entity: 'users',
  load: async (ctx, input: { userId: number; resetToken: string; password: string }) => {
    const holder = { purpose: 'password_reset', userId: input.userId } as const;
    if (!(await consumeGrant(ctx.db, holder, input.resetToken)))
      throw new AppError('RESET_EXPIRED', { status: 401 });
  },
  authorize: authPolicy.authorize('resetPassword'),
  run: async (ctx, input) => {
    await repo.setPassword(ctx.db, input.userId, await hashPassword(input.password));
    await repo.revokeUserSessions(ctx.db, input.userId);
    return {};
  },
  audit: ({ input }) => ({ entityId: input.userId, after: null }),
  message: 'PASSWORD_UPDATED',
});

/**
 * The forgot-password reset: sets a new password (spec §5 reset-flow rules, not a common one) for
 * a user who has just verified a code (the grant from verify-otp, good once).
 */
export async function updatePassword(
  ctx: Ctx,
  input: { userId: number; password: string; rePassword: string; resetToken: string },
) {
  const issue = firstResetPasswordIssue(input.password, input.rePassword);
  if (issue) throw invalidField(issue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password', issue);
  await refuseCommonPassword('password', input.password);
  await enforceLimit(ctx.db, `password-reset:ip:${ctx.ip}`, RESETS_PER_ADDRESS, ADDRESS_WINDOW_SECONDS);
  const { message } = await forgottenPasswordReset(ctx, {
    userId: input.userId,
    resetToken: input.resetToken,
    password: input.password,
  });
  return { message };
}

/**
 * A logged-in user changes their own password (spec §5 change-flow rules, not a common one);
 * a wrong old password is paced and counted like a wrong login (password-tries.ts). Other
 * sessions end.
 */
export async function changePassword(ctx: Ctx, input: { oldPassword: string; newPassword: string }) {
  const actor = actorOf(ctx);
  const issue = firstChangePasswordIssue({ ...input, confirmPassword: input.newPassword });
  if (issue) throw invalidField('newPassword', issue);
  await refuseCommonPassword('newPassword', input.newPassword);
  await claimOldPasswordTry(ctx, actor.userId);
  try {
    const result = await ownPasswordChange(ctx, {
      userId: actor.userId,
      keepSessionId: actor.sessionId,
      ...input,
    });
    await settleOldPasswordTry(ctx, actor.userId, true);
    return result;
  } catch (error) {
    if (error instanceof AppError && error.code === 'PASSWORD_INCORRECT')
      await settleOldPasswordTry(ctx, actor.userId, false);
    throw error;
  }
}
