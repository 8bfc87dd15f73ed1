import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, rateLimitCounters, students, users } from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { PNG_BYTES, putFile } from '../../test/files.ts';
import { newAddress, verifyPhone } from '../../test/phone.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Parallel requests race only on the PostgreSQL server (PGlite runs one at a time): run this file
// with TEST_DATABASE_URL set to prove anything; on PGlite it checks the same answers.
let t: TestApp;
let teller: string;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  teller = (await t.loginAs('Teller')).token;
  branchId = await branchIdOf(t, 'RUH-01');
});
afterAll(async () => {
  await t.close();
});

const ALREADY = 'Records already registered with this information.';

function statusCounts(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

/** `n` proofs of one phone, each from a code sent and entered (the send limits reset between them). */
async function phoneGrants(phone: string, n: number): Promise<string[]> {
  const grants: string[] = [];
  for (let i = 0; i < n; i++) {
    await t.db.delete(rateLimitCounters);
    grants.push(await verifyPhone(t, phone));
  }
  await t.db.delete(rateLimitCounters);
  return grants;
}

function registrationForm(n: number, mobile: string, phoneToken: string) {
  const fields = newStudentFields(branchId, { mobile, idNumber: `RACE${String(n).padStart(6, '0')}` });
  const form = new FormData();
  for (const [name, value] of Object.entries({
    ...fields,
    branchId: String(branchId),
    password: 'Strong@2026',
    rePassword: 'Strong@2026',
    phoneToken,
  })) {
    form.append(name, String(value));
  }
  form.append('photo', new Blob([PNG_BYTES]), 'photo.png');
  return form;
}

const usersWithPhone = async (phone: string) =>
  (await t.db.select({ n: count() }).from(users).where(eq(users.phone, phone)))[0]?.n;

describe('one phone, many registrations at once', () => {
  it('registers exactly one of 50 students registering with one phone; the others get 409', async () => {
    const mobile = '0581234567';
    const grants = await phoneGrants(mobile, 50);
    const responses = await Promise.all(
      grants.map((grant, n) =>
        t.call({
          method: 'POST',
          url: '/api/students/register',
          payload: registrationForm(n, mobile, grant),
          remoteAddress: newAddress(),
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 49 });
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().message === ALREADY)).toBe(
      true,
    );
    expect(await usersWithPhone('+966581234567')).toBe(1);
  });
});

describe('one ID number, many students added by staff at once', () => {
  it('adds exactly one of 50 students with one ID number; the others get 409 on the ID number', async () => {
    const idNumber = 'SAMEID0001';
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call({
          method: 'POST',
          url: '/api/students',
          token: teller,
          payload: newStudentFields(branchId, { idNumber }),
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 49 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        message: ALREADY,
        fields: { idNumber: 'RECORDS_ALREADY_REGISTERED' },
      });
    }
    const [row] = await t.db.select({ n: count() }).from(users).where(eq(users.idNumber, idNumber));
    expect(row?.n).toBe(1);
  });

  it('gives one ID number to only one of two students edited at once', async () => {
    const ids = await Promise.all(
      [newStudentFields(branchId), newStudentFields(branchId)].map(async (fields) => ({
        fields,
        id: (await t.call({ method: 'POST', url: '/api/students', token: teller, payload: fields })).json()
          .id,
      })),
    );
    const responses = await Promise.all(
      ids.map(({ id, fields }) =>
        t.call({
          method: 'PATCH',
          url: `/api/students/${id}`,
          token: teller,
          payload: { ...fields, idNumber: 'EDITRACE01' },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 1 });
  });

  it('adds one of two identical students a corporate sends at once', async () => {
    // The demo corporate as loginAs gives it: its first-login password change settled.
    const { token } = await t.loginAs('corporate');
    const worker = newStudentFields(branchId);
    const responses = await Promise.all(
      [1, 2].map(() => t.call({ method: 'POST', url: '/api/corporate/students', token, payload: worker })),
    );
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 1 });
  });
});

describe('two photos of one student at once', () => {
  it('keeps exactly one: the other is replaced, its record and bytes gone', async () => {
    const { id } = (
      await t.call({
        method: 'POST',
        url: '/api/students',
        token: teller,
        payload: newStudentFields(branchId),
      })
    ).json();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        putFile(t, { url: `/api/students/${id}/attachments/photo`, bytes: PNG_BYTES, token: teller }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 3 });
    const [student] = await t.db.select().from(students).where(eq(students.id, id));
    const owned = await t.db.select().from(files).where(eq(files.ownerUserId, student!.userId));
    expect(owned.map((file) => file.id)).toEqual([student?.photoFileId]);
  });
});
