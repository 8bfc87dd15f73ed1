import { desc } from 'drizzle-orm';
import { outbox } from '../db/schema/index.ts';
import { solvedChallenge } from './challenge.ts';
import type { TestApp } from './test-app.ts';

let addressSeed = 0;
/** A fresh client address, so that per-address limits of one request do not reach the next. */
export const newAddress = () => `198.19.${Math.floor(addressSeed / 250)}.${(addressSeed++ % 250) + 1}`;

/** What an applicant does before submitting: passes the challenge, asks for a code, reads it on the phone, enters it. */
export async function verifyPhone(t: TestApp, phone: string): Promise<string> {
  const created = await t.call({
    method: 'POST',
    url: '/api/users/create-otp',
    payload: { phone, altcha: await solvedChallenge(t) },
    remoteAddress: newAddress(),
  });
  const [message] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const code = message?.body.match(/\d{4}/)?.[0] ?? '';
  const verified = await t.call({
    method: 'POST',
    url: '/api/users/verify-otp',
    payload: { id: created.json().data.id, otp: code },
    remoteAddress: newAddress(),
  });
  return verified.json().data.grant;
}
