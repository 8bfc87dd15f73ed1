import { randomUUID } from 'node:crypto';
import {
  CONTACT_CODE_DIGITS,
  type ContactChangeRequest,
  type ContactField,
  maskPhone,
  translateMessage,
} from '@tasreeh/shared';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { command } from '../../../lib/command.ts';
import type { Ctx } from '../../../lib/context.ts';
import { enqueueMessage } from '../../../lib/outbox/outbox.ts';
import type { Authorization } from '../../../lib/policy.ts';
import { claimCooldown, countHit, enforceLimit, peekCount } from '../../../lib/rate-limit.ts';
import { CODE_TIMING, codeMatches, generateCode, hashCode, revokeUserSessions } from '../../auth/index.ts';
import { alreadyRegistered } from '../registered.ts';
import { findRegisteredKey } from '../repo.ts';
import * as repo from './repo.ts';

/** The rules of one-time codes (DESIGN §5), for a code sent to a new login contact. */
const CODE_RULES = {
  ...CODE_TIMING,
  sendsPerContactPerDay: 10,
  sendsPerActorPerHour: 30,
} as const;

const DAY = 24 * 3600;

/** Whose login a change is for: the student or corporate, and its account. */
export interface LoginHolder {
  id: number;
  userId: number;
}

/** What differs between a student's login and a corporate's. */
export interface ContactChangeKind {
  /** The audit action's first word: `student`, `corporate`. */
  name: string;
  /** The table the audit row is about. */
  entity: string;
  /**
   * The rule of its area's policy that lets the caller change the holder's login contact, as a
   * command's authorize step for the holder `holderOf` picks from what the command loaded.
   */
  authorize: <Input, Before>(holderOf: (before: Before) => LoginHolder) => Authorization<Input, Before>;
  /** The holder within the actor's reach; 404 outside it, as if it did not exist. */
  find: (ctx: Ctx, id: number) => Promise<LoginHolder>;
  /** Writes what else mirrors the login contact (a corporate's representative e-mail and phone). */
  mirror?: (db: Db, id: number, field: ContactField, value: string) => Promise<void>;
}

const NAMES: Record<ContactField, { en: string; ar: string }> = {
  email: { en: 'e-mail address', ar: 'البريد الإلكتروني' },
  phone: { en: 'phone number', ar: 'رقم الجوال' },
};

/** The receiver's language is not known: messages to an account's contacts carry both. */
function bilingual(ar: string, en: string) {
  return `${ar}\n\n${en}`;
}

function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

const masked = (field: ContactField, value: string) =>
  field === 'email' ? maskEmail(value) : maskPhone(value);

/** The code, to the new contact. */
function codeMessage(field: ContactField, value: string, code: string) {
  const name = NAMES[field];
  const body = bilingual(
    `رمز تصريح لتأكيد ${name.ar} هذا لحسابك هو ${code}. تنتهي صلاحيته خلال 5 دقائق. لا تشاركه مع أحد.`,
    `Your Tasreeh code to confirm this ${name.en} for your account is ${code}. It expires in 5 minutes. Do not share it.`,
  );
  if (field === 'phone') return { channel: 'sms' as const, recipient: value, body };
  return {
    channel: 'email' as const,
    recipient: value,
    subject: 'تصريح: رمز التأكيد | Tasreeh: confirmation code',
    body,
  };
}

/** The notice to the contact that was replaced (an e-mail to the old e-mail; an SMS to the old phone, else an e-mail). */
function noticeToOldContact(
  field: ContactField,
  old: { email: string; phone: string | null },
  value: string,
) {
  const name = NAMES[field];
  const body = bilingual(
    `تم تغيير ${name.ar} لتسجيل الدخول في حسابك في تصريح إلى ${masked(field, value)}، وتم تسجيل الخروج من جميع الأجهزة. إن لم تطلب ذلك فتواصل مع مركز التدريب فوراً.`,
    `The login ${name.en} of your Tasreeh account was changed to ${masked(field, value)}, and the account was signed out everywhere. If you did not ask for this, contact your training centre at once.`,
  );
  if (field === 'phone' && old.phone) return { channel: 'sms' as const, recipient: old.phone, body };
  return {
    channel: 'email' as const,
    recipient: old.email,
    subject: 'تصريح: تغيّرت بيانات الدخول | Tasreeh: your login was changed',
    body,
  };
}

type LoginContacts = Awaited<ReturnType<typeof repo.findLoginContacts>>;

const invalidCode = () => new AppError('OTP_INVALID', { status: 400, fields: { code: 'OTP_INVALID' } });

interface RequestInput {
  id: number;
  field: ContactField;
  value: string;
  /** The key of the code hashes (the app's, never audited). */
  pepper: Uint8Array;
}

interface ApplyInput {
  id: number;
  codeId: string;
}

/**
 * The verified change of a student's or corporate's login e-mail or phone (issue 9 point 3):
 * `request` sends a code to the new contact and keeps the change waiting; `verify` takes the
 * code and makes the change — audited with who did it, the old contact told, every session of
 * the account ended. Nothing changes on the account until the code is entered.
 */
export function contactChangeOf(kind: ContactChangeKind) {
  const saveRequest = command({
    name: `${kind.name}.contact-change.request`,
    entity: kind.entity,
    load: (ctx, { id }: RequestInput) => kind.find(ctx, id),
    authorize: kind.authorize((holder: LoginHolder) => holder),
    run: async (ctx, { field, value, pepper }, holder) => {
      const codeId = randomUUID();
      const code = generateCode(CONTACT_CODE_DIGITS);
      await repo.savePendingChange(ctx.db, {
        userId: holder.userId,
        codeId,
        field,
        newValue: value,
        codeHash: hashCode(pepper, codeId, code),
        expiresAt: new Date(Date.now() + CODE_RULES.lifetimeSeconds * 1000),
        requestedByUserId: ctx.actor?.userId ?? null,
      });
      await enqueueMessage(ctx, codeMessage(field, value, code));
      return { id: holder.id };
    },
    // Never the code nor the key.
    audit: ({ input, before }) => ({
      before: { userId: before.userId },
      after: { field: input.field, value: input.value },
    }),
  });

  const applyChange = command({
    name: `${kind.name}.contact-change`,
    entity: kind.entity,
    load: async (ctx, { id }: ApplyInput) => {
      const holder = await kind.find(ctx, id);
      return { holder, contacts: await repo.findLoginContacts(ctx.db, holder.userId) };
    },
    authorize: kind.authorize((before: { holder: LoginHolder; contacts: LoginContacts }) => before.holder),
    run: async (ctx, { codeId }, { holder, contacts }) => {
      const change = await repo.takeChange(ctx.db, holder.userId, codeId, CODE_RULES.wrongTriesPerCode);
      if (!change) throw invalidCode();
      await repo.setLoginContact(ctx.db, holder.userId, change.field, change.newValue);
      await kind.mirror?.(ctx.db, holder.id, change.field, change.newValue);
      await enqueueMessage(ctx, noticeToOldContact(change.field, contacts, change.newValue));
      await revokeUserSessions(ctx.db, holder.userId);
      return { id: holder.id, field: change.field, value: change.newValue };
    },
    audit: ({ before, result }) => ({
      before: { [result.field]: before.contacts[result.field] },
      after: { [result.field]: result.value },
    }),
    // Another account took the contact while the code was on its way.
    duplicate: (constraint) => alreadyRegistered(constraint === 'users_phone_key' ? 'phone' : 'email'),
    message: 'CONTACT_CHANGED',
  });

  return {
    /** The holder within the actor's reach, 404 outside it: the routes' guard, before the body is read. */
    find: kind.find,

    /**
     * Sends a code to the new e-mail or phone and keeps the change waiting for it (a new request
     * replaces the waiting one). Refuses the current contact, one another account has, and a
     * resend before 120 s.
     */
    async request(ctx: Ctx, pepper: Uint8Array, { id, input }: { id: number; input: ContactChangeRequest }) {
      const holder = await kind.find(ctx, id);
      const [field, value] =
        input.email !== undefined
          ? (['email', input.email] as const)
          : (['phone', input.phone ?? ''] as const);
      const current = await repo.findLoginContacts(ctx.db, holder.userId);
      if ((field === 'email' ? current.email.toLowerCase() : current.phone) === value) {
        throw new AppError('CONTACT_UNCHANGED', { status: 400, fields: { [field]: 'CONTACT_UNCHANGED' } });
      }
      if (await findRegisteredKey(ctx.db, { [field]: value }, holder.userId)) throw alreadyRegistered(field);
      await enforceLimit(
        ctx.db,
        `contact-change-send:actor:${ctx.actor?.userId}`,
        CODE_RULES.sendsPerActorPerHour,
        3600,
      );
      await enforceLimit(ctx.db, `contact-change-send:${value}`, CODE_RULES.sendsPerContactPerDay, DAY);
      const claim = await claimCooldown(
        ctx.db,
        `contact-change-cooldown:user:${holder.userId}`,
        CODE_RULES.resendAfterSeconds,
      );
      if (claim !== true) {
        throw new AppError('OTP_RESEND_WAIT', {
          status: 429,
          params: { seconds: claim },
          headers: { 'retry-after': String(claim) },
        });
      }
      await saveRequest(ctx, { id, field, value, pepper });
      return {
        data: {
          field,
          sentTo: value,
          digits: CONTACT_CODE_DIGITS,
          resendAfterSeconds: CODE_RULES.resendAfterSeconds,
        },
        message: translateMessage('CONTACT_CODE_SENT', ctx.lang, { to: value }),
      };
    },

    /**
     * Takes the code the new contact received and makes the waiting change. Five wrong tries
     * spoil a code; ten wrong codes a day stop the account's changes until tomorrow.
     */
    async verify(ctx: Ctx, pepper: Uint8Array, { id, code }: { id: number; code: string }) {
      const holder = await kind.find(ctx, id);
      const failKey = `contact-change-fail:user:${holder.userId}`;
      if ((await peekCount(ctx.db, failKey, DAY)) >= CODE_RULES.wrongCodesPerDay) {
        throw new AppError('OTP_DAILY_LIMIT', { status: 429 });
      }
      const waiting = await repo.findLiveChange(ctx.db, holder.userId, CODE_RULES.wrongTriesPerCode);
      if (!waiting) throw invalidCode();
      if (!codeMatches(pepper, waiting.codeId, code, waiting.codeHash)) {
        await repo.recordWrongTry(ctx.db, holder.userId, waiting.codeId);
        await countHit(ctx.db, failKey, DAY);
        throw invalidCode();
      }
      return applyChange(ctx, { id, codeId: waiting.codeId });
    },
  };
}
