import { LIST_COUNT_CAP } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { countMatches, matchingRows } from './keyset.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

/** A cursor as the lists write them, but holding whatever value a caller chose. */
const forged = (value: unknown, id: unknown = 1) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

describe('keyset cursors', () => {
  it.each([
    [
      'a price cursor holding text, on the public catalogue',
      '/api/public/products?sort=price',
      forged('abc'),
      false,
    ],
    ['a date cursor holding text', '/api/courses?sort=createdAt', forged('nope'), true],
    ['a date cursor holding a number', '/api/students?sort=createdAt', forged(12), true],
    ['a name cursor holding a number', '/api/branches?sort=nameEn', forged(5), true],
    [
      'a student name cursor without its other-language name',
      '/api/students?sort=nameEn',
      forged('omar'),
      true,
    ],
    [
      'a student name cursor whose other-language name is not text',
      '/api/students?sort=nameAr',
      Buffer.from(JSON.stringify(['عمر', 7, 1])).toString('base64url'),
      true,
    ],
    ['an id that is not a whole number', '/api/branches?sort=nameEn', forged('Riyadh', 1.5), true],
    ['bytes that are not a cursor', '/api/branches', 'not-base64-json', true],
  ])('refuses %s with 400 on the cursor field', async (_, url, cursor, signedIn) => {
    const response = await t.call({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`,
      token: signedIn ? admin : undefined,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_VALUE', fields: { cursor: 'INVALID_VALUE' } });
  });

  it('follows a cursor it wrote, by a timestamp, a name and its tie, and a whole number', async () => {
    for (const url of [
      '/api/students?sort=createdAt&limit=5',
      '/api/students?sort=nameAr&limit=2',
      '/api/public/products?sort=price&limit=2',
    ]) {
      const first = (await t.call({ method: 'GET', url, token: admin })).json();
      expect(first.nextCursor).toEqual(expect.any(String));
      const second = await t.call({ method: 'GET', url: `${url}&cursor=${first.nextCursor}`, token: admin });
      expect(second.statusCode).toBe(200);
      const seen = new Set(first.items.map((item: { id: number }) => item.id));
      expect(second.json().items.some((item: { id: number }) => seen.has(item.id))).toBe(false);
    }
  });
});

describe('list counts', () => {
  const countUpTo = (rows: number) =>
    countMatches(t.db, matchingRows(t.db).from(sql`generate_series(1, ${rows}) as n`).$dynamic());

  it('counts every match up to the cap, and says "capped" at the cap beyond it', async () => {
    expect(await countUpTo(3)).toEqual({ total: 3, capped: false });
    expect(await countUpTo(LIST_COUNT_CAP)).toEqual({ total: LIST_COUNT_CAP, capped: false });
    expect(await countUpTo(LIST_COUNT_CAP + 1)).toEqual({ total: LIST_COUNT_CAP, capped: true });
    expect(await countUpTo(250_000)).toEqual({ total: LIST_COUNT_CAP, capped: true });
  });
});
