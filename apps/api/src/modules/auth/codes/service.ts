import { randomUUID } from 'node:crypto';
import {
  type CreateOtpBody,
  isMaskedPhone,
  maskPhone,
  type OtpPurpose,
  translateMessage,
} from '@tasreeh/shared';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { command } from '../../../lib/command.ts';
import type { Ctx } from '../../../lib/context.ts';
import { enqueueMessage } from '../../../lib/outbox/outbox.ts';
import { claimCooldown, countHit, enforceLimit, peekCount } from '../../../lib/rate-limit.ts';
import { type ChallengeSettings, spendSolution } from '../challenge.ts';
import { authPolicy } from '../policy.ts';
import { findUserByEmail } from '../repo.ts';
import * as repo from './repo.ts';
import { CODE_TIMING, codeMatches, generateCode, generateGrant, hashCode, sha256 } from './secrets.ts';

const CODE_RULES = {
  ...CODE_TIMING,
  sendsPerPhonePerDay: 10,
  sendsPerPhonePerHour: 5,
  sendsPerAccountPerHour: 5,
  sendsPerAddressPerHour: 60,
  verifiesPerAddressPer15Minutes: 60,
  grantSeconds: 10 * 60,
  digits: { phone_verification: 4, password_reset: 6 } satisfies Record<OtpPurpose, number>,
} as const;

const HOUR = 3600;
const DAY = 24 * HOUR;

const SMS_TEXT = {
  phone_verification: {
    en: 'Your Tasreeh verification code is {code}. It expires in 5 minutes.',
    ar: 'رمز التحقق الخاص بك في تصريح هو {code}. تنتهي صلاحيته خلال 5 دقائق.',
  },
  password_reset: {
    en: 'Your Tasreeh password reset code is {code}. It expires in 5 minutes. Do not share it.',
    ar: 'رمز إعادة تعيين كلمة المرور في تصريح هو {code}. تنتهي صلاحيته خلال 5 دقائق. لا تشاركه مع أحد.',
  },
} satisfies Record<OtpPurpose, { en: string; ar: string }>;

interface CodeTarget {
  purpose: OtpPurpose;
  subject: string;
  userId: number | null;
  phone: string;
}

const phoneInvalid = () => new AppError('PHONE_INVALID', { status: 400, fields: { phone: 'PHONE_INVALID' } });

/** Whether the phone a forgot-password request names (masked as check-user-exists showed it, or whole) is the stored one. */
function isStoredPhone(stored: string, given: string): boolean {
  return isMaskedPhone(given) ? maskPhone(stored) === given : stored === given;
}

/**
 * Who a code is for: an e-mail names a user whose stored phone gets a reset code (a phone given
 * beside it must be that phone); a phone alone gets a check code.
 */
async function resolveTarget(ctx: Ctx, body: CreateOtpBody): Promise<CodeTarget> {
  const purpose = body.purpose ?? (body.email ? 'password_reset' : 'phone_verification');
  if (purpose === 'password_reset') {
    if (!body.email) throw new AppError('ENTER_EMAIL', { status: 400, fields: { email: 'ENTER_EMAIL' } });
    const user = await findUserByEmail(ctx.db, body.email);
    if (user?.status !== 'active') throw new AppError('EMAIL_NOT_FOUND', { status: 404 });
    if (!user.phone) throw new AppError('USER_INFO_MISSING', { status: 400 });
    if (body.phone !== undefined && !isStoredPhone(user.phone, body.phone)) throw phoneInvalid();
    return { purpose, subject: `user:${user.id}`, userId: user.id, phone: user.phone };
  }
  if (!body.phone || isMaskedPhone(body.phone)) throw phoneInvalid();
  return { purpose, subject: `phone:${body.phone}`, userId: null, phone: body.phone };
}

/** Counts a send against an hourly cap; beyond it, 429 with a message saying so. */
async function enforceHourlyCap(ctx: Ctx, key: string, limit: number): Promise<void> {
  if ((await countHit(ctx.db, key, HOUR)) <= limit) return;
  throw new AppError('OTP_HOURLY_LIMIT', { status: 429, headers: { 'retry-after': String(HOUR) } });
}

/**
 * Issues a one-time code and queues it by SMS. A code to a phone alone (registration: a number of
 * no account, as far as the caller may know) needs a solved challenge. A new code for the same
 * subject only after 120 s; sends are capped per phone and per account (hour and day) and per
 * address; earlier live codes are burned.
 */
export async function createCode(
  ctx: Ctx,
  keys: { pepper: Uint8Array; challenges: ChallengeSettings },
  body: CreateOtpBody,
) {
  const { pepper } = keys;
  const isPhoneCheck =
    (body.purpose ?? (body.email ? 'password_reset' : 'phone_verification')) !== 'password_reset';
  // Every phone check, not only those of unknown numbers: the answer must not tell which numbers have an account.
  if (isPhoneCheck) await spendSolution(ctx.db, keys.challenges, body.altcha);
  // Before any lookup, so that this call cannot test e-mails faster than check-user-exists.
  await enforceLimit(ctx.db, `otp-send:ip:${ctx.ip}`, CODE_RULES.sendsPerAddressPerHour, HOUR);
  const target = await resolveTarget(ctx, body);
  if ((await peekCount(ctx.db, `otp-fail:${target.subject}`, DAY)) >= CODE_RULES.wrongCodesPerDay) {
    throw new AppError('OTP_DAILY_LIMIT', { status: 429 });
  }
  const claim = await claimCooldown(
    ctx.db,
    `otp-cooldown:${target.purpose}:${target.subject}`,
    CODE_RULES.resendAfterSeconds,
  );
  if (claim !== true) {
    throw new AppError('OTP_RESEND_WAIT', {
      status: 429,
      params: { seconds: claim },
      headers: { 'retry-after': String(claim) },
    });
  }
  await enforceHourlyCap(ctx, `otp-send-hour:phone:${target.phone}`, CODE_RULES.sendsPerPhonePerHour);
  if (target.userId !== null)
    await enforceHourlyCap(ctx, `otp-send-hour:user:${target.userId}`, CODE_RULES.sendsPerAccountPerHour);
  await enforceLimit(ctx.db, `otp-send:phone:${target.phone}`, CODE_RULES.sendsPerPhonePerDay, DAY);

  return issueCode(ctx, { target, pepper });
}

/**
 * A new code for the subject, its earlier live codes burned and the SMS queued — one change.
 * The code itself reaches only the SMS: the audit row names the purpose and the masked phone.
 */
const issueCode = command({
  name: 'otp.send',
  entity: 'one_time_codes',
  authorize: authPolicy.authorize('sendCode'),
  run: async (ctx, { target, pepper }: { target: CodeTarget; pepper: Uint8Array }) => {
    const digits = CODE_RULES.digits[target.purpose];
    const code = generateCode(digits);
    const id = randomUUID();
    await repo.burnLiveCodes(ctx.db, target.purpose, target.subject);
    await repo.insertCode(ctx.db, {
      id,
      ...target,
      codeHash: hashCode(pepper, id, code),
      expiresAt: new Date(Date.now() + CODE_RULES.lifetimeSeconds * 1000),
      requestIp: ctx.ip,
    });
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: target.phone,
      body: SMS_TEXT[target.purpose][ctx.lang].replace('{code}', code),
    });
    return {
      data: { id, phone: maskPhone(target.phone), digits, resendAfterSeconds: CODE_RULES.resendAfterSeconds },
    };
  },
  audit: ({ input, result }) => ({
    entityId: result.data.id,
    after: { purpose: input.target.purpose, userId: input.target.userId, phone: result.data.phone },
  }),
  message: 'OTP_SENT',
});

const invalidCode = () => new AppError('OTP_INVALID', { status: 400, fields: { otp: 'OTP_INVALID' } });

/**
 * Checks a code. Five wrong tries burn it; ten wrong codes a day stop the subject until
 * tomorrow. A right code yields a grant, good once for 10 minutes.
 */
export async function verifyCode(ctx: Ctx, pepper: Uint8Array, body: { id: string; otp: string }) {
  await enforceLimit(ctx.db, `otp-verify:ip:${ctx.ip}`, CODE_RULES.verifiesPerAddressPer15Minutes, 15 * 60);
  const code = await repo.findLiveCode(ctx.db, body.id);
  if (!code) throw invalidCode();
  const failKey = `otp-fail:${code.subject}`;
  if ((await peekCount(ctx.db, failKey, DAY)) >= CODE_RULES.wrongCodesPerDay) {
    throw new AppError('OTP_DAILY_LIMIT', { status: 429 });
  }
  if (!codeMatches(pepper, code.id, body.otp, code.codeHash)) {
    await repo.recordWrongTry(ctx.db, code.id, CODE_RULES.wrongTriesPerCode);
    await countHit(ctx.db, failKey, DAY);
    throw invalidCode();
  }
  const grant = generateGrant();
  if (!(await repo.markVerified(ctx.db, code.id, sha256(grant), CODE_RULES.grantSeconds)))
    throw invalidCode();
  const message = code.purpose === 'password_reset' ? 'OTP_VERIFIED' : 'VERIFICATION_SUCCESSFUL';
  return {
    data: { verified: true as const, grant, userId: code.userId },
    message: translateMessage(message, ctx.lang),
  };
}

/**
 * Uses up the grant that proves a mobile number (a verified phone_verification code), inside the
 * registration's transaction; without a live one, a 400 on the mobile field.
 */
export async function consumePhoneProof(tx: Db, mobile: string, grant: string): Promise<void> {
  if (!(await repo.consumeGrant(tx, { purpose: 'phone_verification', phone: mobile }, grant))) {
    throw new AppError('PHONE_NOT_VERIFIED', { status: 400, fields: { mobile: 'PHONE_NOT_VERIFIED' } });
  }
}
