import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporateAttachments, corporates, files } from '../../db/schema/index.ts';
import { PDF_BYTES, putFile } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Parallel requests race only on the PostgreSQL server (PGlite runs one at a time): run this file
// with TEST_DATABASE_URL set to prove anything; on PGlite it checks the same answers.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
function newCorporate(overrides: Record<string, unknown> = {}) {
  seed++;
  return {
    nameEn: `Racing Kitchens ${seed}`,
    nameAr: `مطابخ السباق ${seed}`,
    crNumber: `40400000${String(seed).padStart(2, '0')}`,
    representativeName: 'Majed Al-Otaibi',
    representativeEmail: `race${seed}@kitchens.test`,
    representativePhone: `05840000${String(seed).padStart(2, '0')}`,
    headOfficeRegion: 'SA-01',
    headOfficeCity: 'riyadh',
    ...overrides,
  };
}

const create = (payload: object) => t.call({ method: 'POST', url: '/api/corporates', token: admin, payload });

function statusCounts(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('one CR number, two corporates at once', () => {
  it('adds one; the other gets 409 on the CR number', async () => {
    const crNumber = '4041234567';
    const responses = await Promise.all([
      create(newCorporate({ crNumber })),
      create(newCorporate({ crNumber })),
    ]);
    expect(statusCounts(responses)).toEqual({ 201: 1, 409: 1 });
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      message: 'Records already registered with this information.',
      fields: { crNumber: 'RECORDS_ALREADY_REGISTERED' },
    });
    const [row] = await t.db.select({ n: count() }).from(corporates).where(eq(corporates.crNumber, crNumber));
    expect(row?.n).toBe(1);
  });

  it('gives one CR number to only one of two corporates edited at once', async () => {
    const made = await Promise.all(
      [newCorporate(), newCorporate()].map(async (body) => ({ body, id: (await create(body)).json().id })),
    );
    const responses = await Promise.all(
      made.map(({ id, body }) =>
        t.call({
          method: 'PATCH',
          url: `/api/corporates/${id}`,
          token: admin,
          payload: { ...body, crNumber: '4047654321' },
        }),
      ),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 409: 1 });
  });

  it('keeps one copy of two commercial register copies sent at once', async () => {
    const { id } = (await create(newCorporate())).json();
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        putFile(t, { url: `/api/corporates/${id}/attachments/crCopy`, bytes: PDF_BYTES, token: admin }),
      ),
    );
    expect(Object.keys(statusCounts(responses))).toEqual(['200']);
    const [corporate] = await t.db.select().from(corporates).where(eq(corporates.id, id));
    const owned = await t.db.select().from(files).where(eq(files.ownerUserId, corporate!.userId));
    const linked = await t.db
      .select()
      .from(corporateAttachments)
      .where(eq(corporateAttachments.corporateId, id));
    expect(owned.map((file) => file.id)).toEqual(linked.map((row) => row.fileId));
  });
});
