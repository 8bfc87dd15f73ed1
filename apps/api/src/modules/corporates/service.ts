import type { Corporate, CorporateInput } from '@tasreeh/shared';
import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import { writeRefusingDuplicates } from '../../lib/unique-violation.ts';
import { generatePassword, hashPassword } from '../auth/password-hash.ts';
import * as repo from './repo.ts';

type CorporateRow = NonNullable<Awaited<ReturnType<typeof repo.findCorporate>>>;

function toCorporate(row: CorporateRow): Corporate {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function listCorporates(ctx: Ctx, query: Parameters<typeof repo.listCorporates>[1]) {
  const page = await repo.listCorporates(ctx.db, query);
  return { ...page, items: page.items.map(toCorporate) };
}

export async function getCorporate(ctx: Ctx, id: number): Promise<Corporate> {
  const row = await repo.findCorporate(ctx.db, id);
  if (!row) throw notFound();
  return toCorporate(row);
}

async function refuseClash(
  ctx: Ctx,
  input: CorporateInput,
  except?: { corporateId: number; userId: number },
) {
  const field = await repo.findClash(ctx.db, input, except);
  if (field)
    throw new AppError('RECORDS_ALREADY_REGISTERED', {
      status: 409,
      fields: { [field]: 'RECORDS_ALREADY_REGISTERED' },
    });
}

const SMS_WELCOME = {
  en: 'Tasreeh: your corporate account is ready. Log in with CR number {cr} and the password {password}; you will be asked to change it.',
  ar: 'تصريح: حساب منشأتكم جاهز. سجّلوا الدخول برقم السجل التجاري {cr} وكلمة المرور {password}، وسيُطلب منكم تغييرها.',
};

/**
 * Adds a corporate and opens its own login (its CR number or representative's e-mail), with a
 * generated password sent to the representative by SMS and a forced change at first login.
 */
export async function createCorporate(ctx: Ctx, input: CorporateInput) {
  const actor = actorOf(ctx);
  const id = await writeRefusingDuplicates(
    () => refuseClash(ctx, input),
    async () => {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      return ctx.db.transaction(async (tx) => {
        const userId = await repo.insertCorporateLogin(tx, input, passwordHash);
        const corporateId = await repo.insertCorporate(tx, userId, input);
        await enqueueMessage(tx, {
          channel: 'sms',
          recipient: input.representativePhone,
          body: SMS_WELCOME[ctx.lang].replace('{cr}', input.crNumber).replace('{password}', password),
        });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'corporate.create',
          entity: 'corporates',
          entityId: corporateId,
          after: input,
          ip: ctx.ip,
        });
        return corporateId;
      });
    },
  );
  return { id, message: translateMessage('PASSWORD_SENT', ctx.lang) };
}

export async function updateCorporate(ctx: Ctx, id: number, input: CorporateInput) {
  const actor = actorOf(ctx);
  const before = await getCorporate(ctx, id);
  await writeRefusingDuplicates(
    () => refuseClash(ctx, input, { corporateId: id, userId: before.userId }),
    () =>
      ctx.db.transaction(async (tx) => {
        await repo.updateCorporate(tx, id, before.userId, input);
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'corporate.update',
          entity: 'corporates',
          entityId: id,
          before,
          after: input,
          ip: ctx.ip,
        });
      }),
  );
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}
