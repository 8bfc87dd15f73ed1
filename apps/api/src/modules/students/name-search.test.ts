import { SEARCH_COUNT_CAP } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let teller: string;
let riyadhId: number;
let jeddahId: number;

/** Students whose names the searches below look for (English, Arabic, branch). */
const PEOPLE: [string, string, 'RUH-01' | 'JED-01'][] = [
  ['Qasim Zubairi', 'قاسم زبيري', 'RUH-01'],
  ['qasim zubairi junior', 'قاسم زبيري الصغير', 'RUH-01'],
  ['Omar Qasim Zubairi', 'عمر قاسم زبيري', 'RUH-01'],
  ['aaron Zubairi', 'هارون زبيري', 'RUH-01'],
  ['QASIM ZUBAIRI', 'قاسم زبيري', 'JED-01'],
  ['Zubairi Qasim', 'زبيري قاسم', 'RUH-01'],
  ['Lina Haddad', 'لينا حداد', 'RUH-01'],
  // One name each, whose other-language names sort against the order they were added in.
  ['Sami Nour', 'سامي نور ب', 'RUH-01'],
  ['Sami Nour', 'سامي نور أ', 'RUH-01'],
  ['Hadi Salem b', 'هادي سالم', 'RUH-01'],
  ['Hadi Salem a', 'هادي سالم', 'RUH-01'],
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  riyadhId = await branchIdOf(t, 'RUH-01');
  jeddahId = await branchIdOf(t, 'JED-01');
  for (const [fullNameEn, fullNameAr, branch] of PEOPLE) {
    const branchId = branch === 'RUH-01' ? riyadhId : jeddahId;
    const created = await t.call({
      method: 'POST',
      url: '/api/students',
      token: admin,
      payload: newStudentFields(branchId, { fullNameEn, fullNameAr }),
    });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

interface Summary {
  id: number;
  nameEn: string;
  nameAr: string;
}

/** Every page of a search, one request per page of `limit`, following the cursors: the rows' names. */
async function allPages(
  token: string,
  query: string,
  limit = 1,
  base = '/api/students',
  name: 'nameEn' | 'nameAr' = 'nameEn',
) {
  const names: string[] = [];
  const ids = new Set<number>();
  let cursor: string | null = null;
  do {
    const url: string = `${base}?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await t.call({ method: 'GET', url, token });
    expect(response.statusCode, url).toBe(200);
    const page: { items: Summary[]; nextCursor: string | null } = response.json();
    for (const item of page.items) {
      expect(ids.has(item.id), `${item.nameEn} twice`).toBe(false);
      ids.add(item.id);
      names.push(item[name]);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return names;
}

/** The count route's answer for a search. */
async function countOf(token: string, search: string): Promise<{ total: number; capped: boolean }> {
  const response = await t.call({
    method: 'GET',
    url: `/api/students/count?search=${encodeURIComponent(search)}`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const count = async (token: string, search: string) => (await countOf(token, search)).total;

const search = (term: string) => `search=${encodeURIComponent(term)}`;

describe('a name search', () => {
  it('finds a name by its beginning, in any case, and in its middle (a family name), in folded name order', async () => {
    const expected = ['Omar Qasim Zubairi', 'Qasim Zubairi', 'QASIM ZUBAIRI', 'qasim zubairi junior'];
    const found = await allPages(admin, search('qasim zubairi'));
    // Names sort with case left aside: equal folded names by the student's id (creation order).
    expect(found).toEqual(expected);
    expect(await allPages(admin, search('Qasim Zubairi'), 3)).toEqual(expected);
    expect(await count(admin, 'qasim zubairi')).toBe(4);
    const family = await allPages(admin, search('zubairi'), 2);
    expect(family).toEqual(['aaron Zubairi', ...expected, 'Zubairi Qasim']);
    expect(await count(admin, 'zubairi')).toBe(6);
  });

  it('pages backwards through the same matches, and sorted by the Arabic name', async () => {
    const forwards = await allPages(admin, search('qasim zubairi'), 2);
    expect(await allPages(admin, `${search('qasim zubairi')}&order=desc`, 1)).toEqual(forwards.reverse());
    const byArabic = await allPages(admin, `${search('zubairi')}&sort=nameAr`, 1);
    // زبيري قاسم < عمر … < قاسم زبيري (twice, by id) < قاسم زبيري الصغير < هارون زبيري
    expect(byArabic).toEqual([
      'Zubairi Qasim',
      'Omar Qasim Zubairi',
      'Qasim Zubairi',
      'QASIM ZUBAIRI',
      'qasim zubairi junior',
      'aaron Zubairi',
    ]);
    const newest = await allPages(admin, `${search('zubairi')}&sort=createdAt&order=desc`, 4);
    expect(newest).toEqual([
      'Zubairi Qasim',
      'QASIM ZUBAIRI',
      'aaron Zubairi',
      'Omar Qasim Zubairi',
      'qasim zubairi junior',
      'Qasim Zubairi',
    ]);
  });

  it('finds Arabic names by their beginning and middle, in either sort', async () => {
    const expected = ['Omar Qasim Zubairi', 'Qasim Zubairi', 'QASIM ZUBAIRI', 'qasim zubairi junior'];
    expect(await allPages(admin, search('قاسم زبيري'))).toEqual(expected);
    expect(await allPages(admin, `${search('قاسم زبيري')}&sort=nameAr`, 2)).toEqual([
      'Omar Qasim Zubairi',
      'Qasim Zubairi',
      'QASIM ZUBAIRI',
      'qasim zubairi junior',
    ]);
    expect(await count(admin, 'قاسم زبيري')).toBe(4);
    expect(await allPages(admin, search('زبيري'), 5)).toHaveLength(6);
  });

  it('keeps the matches that run from one name into the other, and a part of a word', async () => {
    expect(await allPages(admin, search('haddad لينا'))).toEqual(['Lina Haddad']);
    expect(await allPages(admin, search('ina haddad لينا ح'))).toEqual(['Lina Haddad']);
    expect(await allPages(admin, search('حداد'), 1)).toEqual(['Lina Haddad']);
    expect(await allPages(admin, search('sim zub'), 10)).toEqual([
      'Omar Qasim Zubairi',
      'Qasim Zubairi',
      'QASIM ZUBAIRI',
      'qasim zubairi junior',
    ]);
    expect(await count(admin, 'haddad لينا')).toBe(1);
  });

  it('orders the students of one name by their name in the other language, on every page', async () => {
    const samiInArabic = ['سامي نور أ', 'سامي نور ب'];
    expect(await allPages(admin, search('sami nour'), 1, '/api/students', 'nameAr')).toEqual(samiInArabic);
    expect(await allPages(admin, `${search('sami nour')}&order=desc`, 1, '/api/students', 'nameAr')).toEqual(
      samiInArabic.toReversed(),
    );
    expect(await allPages(admin, `${search('هادي سالم')}&sort=nameAr`)).toEqual([
      'Hadi Salem a',
      'Hadi Salem b',
    ]);
    // The whole list: its first page is written by the database (findFirstPageJson), the rest by cursor.
    for (const limit of [1, 3, 50]) {
      const everyone = await allPages(admin, 'sort=nameEn', limit, '/api/students', 'nameAr');
      expect(everyone.filter((name) => name.startsWith('سامي نور'))).toEqual(samiInArabic);
    }
  });

  it('stays within the caller’s branch', async () => {
    expect(await allPages(teller, search('qasim zubairi'))).toEqual([
      'Omar Qasim Zubairi',
      'Qasim Zubairi',
      'qasim zubairi junior',
    ]);
    expect(await count(teller, 'qasim zubairi')).toBe(3);
    expect(await allPages(teller, `${search('قاسم زبيري')}&branchId=${jeddahId}`)).toEqual([]);
  });

  it('finds names in the other language when many different ones begin with the term', async () => {
    const many = Array.from({ length: 60 }, (_, index) => index);
    const inserted = await t.db
      .insert(users)
      .values(
        many.map((index) => ({
          type: 'student' as const,
          email: `many${index}@example.com`,
          nameEn: `Yusuf Many ${String(60 - index).padStart(2, '0')}`,
          nameAr: `يوسف كثير ${index}`,
          branchId: riyadhId,
          passwordHash: 'not-a-login',
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(students).values(inserted.map(({ id }) => ({ userId: id, branchId: riyadhId })));
    const found = await allPages(admin, search('يوسف كثير'), 7);
    expect(found).toEqual(many.map((index) => `Yusuf Many ${String(index + 1).padStart(2, '0')}`));
    expect(await count(admin, 'يوسف كثير')).toBe(60);
  });

  it('counts a name search up to its cap, within the caller’s branch, and says "capped" beyond it', async () => {
    await t.db.execute(sql`
      insert into users (type, email, name_en, name_ar, branch_id, password_hash)
      select 'student', 'common' || n || '@example.com', 'Common Name ' || n, 'اسم شائع',
        case when n % 2 = 0 then ${riyadhId}::int else ${jeddahId}::int end, 'not-a-login'
      from generate_series(1, ${SEARCH_COUNT_CAP + 1}) as n`);
    await t.db.execute(sql`
      insert into students (user_id, branch_id)
      select id, branch_id from users where email like 'common%@example.com'`);
    const capped = { total: SEARCH_COUNT_CAP, capped: true };
    expect(await countOf(admin, 'common name')).toEqual(capped);
    expect(await countOf(admin, 'اسم شائع')).toEqual(capped);
    expect(await countOf(admin, 'mon name')).toEqual(capped);
    // 'Common Name 1', '10'…'19', '100'…'199', '1000', '1001'; the teller's branch holds the even ones.
    expect(await countOf(admin, 'common name 1')).toEqual({ total: 1 + 10 + 100 + 2, capped: false });
    expect(await countOf(teller, 'common name 1')).toEqual({ total: 5 + 50 + 1, capped: false });
    expect(await countOf(teller, 'common name')).toEqual({ total: 500, capped: false });
  });
});
