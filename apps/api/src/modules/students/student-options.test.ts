import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporates } from '../../db/schema/index.ts';
import { branchIdOf } from '../../test/accounts.ts';
import { PNG_BYTES, putFile } from '../../test/files.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let teller: string;
let riyadhId: number;
let corporate: { id: number; nameEn: string; crNumber: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  riyadhId = await branchIdOf(t, 'RUH-01');
  corporate = (
    await t.db
      .select({ id: corporates.id, nameEn: corporates.nameEn, crNumber: corporates.crNumber })
      .from(corporates)
      .limit(1)
  )[0]!;
});
afterAll(async () => {
  await t.close();
});

async function addStudent(overrides: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/students',
    token: admin,
    payload: newStudentFields(riyadhId, {
      fullNameAr: 'سيتي أمينة',
      fullNameEn: 'Siti Options',
      ...overrides,
    }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const list = async (token: string, query: string) =>
  (await t.call({ method: 'GET', url: `/api/students${query}`, token })).json();

describe('students list filters and biometric status', () => {
  it('says whether a photo is on file, filters by it, and shows no fingerprint enrolled', async () => {
    const withPhoto = await addStudent();
    const without = await addStudent();
    await putFile(t, { url: `/api/students/${withPhoto}/attachments/photo`, bytes: PNG_BYTES, token: admin });
    const yes = await list(admin, '?hasPhoto=true&limit=100&search=Siti%20Options');
    const no = await list(admin, '?hasPhoto=false&limit=100&search=Siti%20Options');
    expect(yes.items.map((s: { id: number }) => s.id)).toEqual([withPhoto]);
    expect(yes.items[0]).toMatchObject({ hasPhoto: true, fingerprintEnrolled: false });
    expect(no.items.map((s: { id: number }) => s.id)).toContain(without);
    expect(no.items.every((s: { hasPhoto: boolean }) => !s.hasPhoto)).toBe(true);
  });

  it('filters by nationality and gender, and refuses values that are neither', async () => {
    const id = await addStudent({ nationality: 'NP', gender: 'male', fullNameEn: 'Ram Filter' });
    const nepali = await list(admin, '?nationality=NP&gender=male&limit=100');
    expect(nepali.items.some((s: { id: number }) => s.id === id)).toBe(true);
    expect(nepali.items.every((s: { nationality: string }) => s.nationality === 'NP')).toBe(true);
    expect((await list(admin, '?nationality=NP&gender=female&search=Ram%20Filter')).items).toEqual([]);
    expect((await list(admin, '/count?nationality=NP&gender=male&search=Ram%20Filter')).total).toBe(1);
    expect((await list(admin, '/count?nationality=NP&gender=female&search=Ram%20Filter')).total).toBe(0);
    const bad = await t.call({ method: 'GET', url: '/api/students?nationality=XX', token: admin });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: 'Please select nationality' });
    const badGender = await t.call({ method: 'GET', url: '/api/students?gender=x', token: admin });
    expect(badGender.json().message).toBe('Please select gender');
  });
});

describe('where a student may be placed', () => {
  it('offers head office every active branch and branch staff only their own', async () => {
    const all = await t.call({ method: 'GET', url: '/api/students/placement/branches', token: admin });
    const own = await t.call({ method: 'GET', url: '/api/students/placement/branches', token: teller });
    expect(all.json().length).toBeGreaterThanOrEqual(3);
    expect(own.json()).toEqual([expect.objectContaining({ id: riyadhId, code: 'RUH-01' })]);
  });

  it('finds corporates by name or CR number', async () => {
    const byCr = await t.call({
      method: 'GET',
      url: `/api/students/placement/corporates?search=${corporate.crNumber}`,
      token: teller,
    });
    expect(byCr.json()).toEqual([
      {
        id: corporate.id,
        nameEn: corporate.nameEn,
        nameAr: expect.any(String),
        crNumber: corporate.crNumber,
      },
    ]);
    const byName = await t.call({
      method: 'GET',
      url: `/api/students/placement/corporates?search=${encodeURIComponent(corporate.nameEn.slice(0, 6).toLowerCase())}`,
      token: teller,
    });
    expect(byName.json().map((c: { id: number }) => c.id)).toContain(corporate.id);
    const none = await t.call({
      method: 'GET',
      url: '/api/students/placement/corporates?search=no-such-company',
      token: teller,
    });
    expect(none.json()).toEqual([]);
  });

  it('is for staff who may read students', async () => {
    for (const type of ['Instructor', 'student', 'corporate', 'HeadOfIT'] as const) {
      const { token } = await t.loginAs(type);
      for (const url of ['/api/students/placement/branches', '/api/students/placement/corporates']) {
        expect((await t.call({ method: 'GET', url, token })).statusCode, `${type} ${url}`).toBe(403);
      }
    }
    expect((await t.call({ method: 'GET', url: '/api/students/placement/branches' })).statusCode).toBe(401);
  });
});
