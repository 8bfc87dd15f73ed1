import type { Corporate, CorporateInput } from '@tasreeh/shared';
import { notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import { generatePassword, hashPassword } from '../auth/index.ts';
import { alreadyRegistered, loginDuplicate, refuseContactEdit } from '../students/index.ts';
import { corporatesPolicy } from './policy.ts';
import * as repo from './repo.ts';

type CorporateRow = NonNullable<Awaited<ReturnType<typeof repo.findCorporate>>>;

function toCorporate(ctx: Ctx, row: CorporateRow): Corporate {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    abilities: corporatesPolicy.abilities(ctx.actor, row, ['edit']),
  };
}

export async function listCorporates(ctx: Ctx, query: Parameters<typeof repo.listCorporates>[1]) {
  const page = await repo.listCorporates(ctx.db, query);
  return { ...page, items: page.items.map((row) => toCorporate(ctx, row)) };
}

export function countCorporates(ctx: Ctx, query: Parameters<typeof repo.countCorporates>[1]) {
  return repo.countCorporates(ctx.db, query);
}

export async function getCorporate(ctx: Ctx, id: number): Promise<Corporate> {
  const row = await repo.findCorporate(ctx.db, id);
  if (!row) throw notFound();
  return toCorporate(ctx, row);
}

/** The form fields of the corporate's login keys, for the duplicate answer. */
const CORPORATE_FIELDS = {
  crNumber: 'crNumber',
  email: 'representativeEmail',
  phone: 'representativePhone',
} as const;

async function refuseClash(
  ctx: Ctx,
  input: Pick<CorporateInput, 'crNumber'> & { representativeEmail?: string; representativePhone?: string },
  except?: { corporateId: number; userId: number },
) {
  const key = await repo.findClash(ctx.db, input, except);
  if (key) throw alreadyRegistered(CORPORATE_FIELDS[key]);
}

const SMS_WELCOME = {
  en: 'Tasreeh: your corporate account is ready. Log in with CR number {cr} and the password {password}; you will be asked to change it.',
  ar: 'تصريح: حساب منشأتكم جاهز. سجّلوا الدخول برقم السجل التجاري {cr} وكلمة المرور {password}، وسيُطلب منكم تغييرها.',
};

/**
 * Adds a corporate and opens its own login (its CR number or representative's e-mail), with a
 * generated password sent to the representative by SMS and a forced change at first login.
 */
export const createCorporate = command({
  name: 'corporate.create',
  entity: 'corporates',
  authorize: corporatesPolicy.authorize('create'),
  run: async (ctx, input: CorporateInput) => {
    await refuseClash(ctx, input);
    const password = generatePassword();
    const userId = await repo.insertCorporateLogin(ctx.db, input, await hashPassword(password));
    const id = await repo.insertCorporate(ctx.db, userId, input);
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: input.representativePhone,
      body: SMS_WELCOME[ctx.lang].replace('{cr}', input.crNumber).replace('{password}', password),
    });
    return { id };
  },
  duplicate: loginDuplicate(CORPORATE_FIELDS),
  message: 'PASSWORD_SENT',
});

/** Edits a corporate and the names of its login; the login e-mail and phone stay as they are. */
export const updateCorporate = command({
  name: 'corporate.update',
  entity: 'corporates',
  load: (ctx, { id }: { id: number; input: CorporateInput }) => getCorporate(ctx, id),
  authorize: corporatesPolicy.authorize('edit', (corporate: Corporate) => corporate),
  run: async (ctx, { id, input }, before) => {
    refuseContactEdit({
      representativeEmail:
        before.representativeEmail.toLowerCase() !== input.representativeEmail.toLowerCase(),
      representativePhone: before.representativePhone !== input.representativePhone,
    });
    await refuseClash(ctx, { crNumber: input.crNumber }, { corporateId: id, userId: before.userId });
    await repo.updateCorporate(ctx.db, id, before.userId, input);
    return { id };
  },
  audit: ({ input }) => ({ after: input.input }),
  duplicate: loginDuplicate(CORPORATE_FIELDS),
  message: 'RECORDS_UPDATED',
});
