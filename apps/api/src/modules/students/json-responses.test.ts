import { StudentPage, StudentProfile, StudentSummary } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corporates, files, students, users } from '../../db/schema/index.ts';
import { settleFirstLogin } from '../../test/first-login.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import * as studentList from './list.ts';
import * as repo from './repo.ts';
import { toProfile, toSummary } from './service.ts';

/**
 * The student profile and the list's first page are JSON the database writes (decision 0013).
 * These hold that text equal, byte for byte, to what the routes' Zod schemas wrote from the
 * same rows before (fastify-type-provider-zod: JSON.stringify of the schema's encode), and that
 * no field outside the schema can appear in it.
 */
let t: TestApp;
let admin: string;
let teller: string;
let tellerBranch: number | null;
let corporate: string;
let corporateId: number;
let studentIds: number[];

/** Text no JSON writer may shorten or reorder: quotes, a backslash, control characters, Arabic, an emoji, U+2028. */
const AWKWARD = 'Quote " back\\slash tab\tline\nbell\u0007 del\u007f عربي 😀 sep\u2028 <b>&amp;</b>';

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  const tellerLogin = await t.loginAs('Teller');
  teller = tellerLogin.token;
  tellerBranch = (
    await t.db.select({ branchId: users.branchId }).from(users).where(eq(users.id, tellerLogin.userId))
  )[0]!.branchId;
  const login = await t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'corporate@tasreeh.test', password: 'Tasreeh@2026' },
  });
  corporate = login.json().access_token;
  corporateId = login.json().corporateId;
  await settleFirstLogin(t.db, login.json().userId);
  studentIds = (await t.db.select({ id: students.id }).from(students).orderBy(students.id)).map(
    (row) => row.id,
  );
  const [first, second, third, fourth] = studentIds as [number, number, number, number];
  const userOf = async (id: number) =>
    (await t.db.select({ userId: students.userId }).from(students).where(eq(students.id, id)))[0]!.userId;
  // Every profile field filled, with awkward text, a photo, an ID copy, a hold and a corporate.
  const [photo] = await t.db
    .insert(files)
    .values({
      id: '0b7c1f2e-3d4a-4b5c-8d6e-7f8091a2b3c4',
      kind: 'photo',
      storageKey: 'json-test-photo',
      mimeType: 'image/png',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
    })
    .returning({ id: files.id });
  await t.db
    .update(users)
    .set({ nameEn: AWKWARD, nameAr: `${AWKWARD} ar`, dateOfBirth: '1985-02-28' })
    .where(eq(users.id, await userOf(first)));
  await t.db
    .update(students)
    .set({
      corporateId,
      photoFileId: photo!.id,
      idCopyFileId: photo!.id,
      onHold: true,
      holdReason: AWKWARD,
      idExpiry: '2031-12-31',
      idIssueSource: AWKWARD,
      classification: 'A',
      occupationInIqama: 'Cook',
      passportNumber: 'P1234567',
      computerNumber: '42',
      education: 'bachelor',
    })
    .where(eq(students.id, first));
  // No branch at all, and a corporate whose names are awkward too.
  await t.db.update(students).set({ branchId: null, corporateId }).where(eq(students.id, second));
  await t.db.update(corporates).set({ nameEn: AWKWARD }).where(eq(corporates.id, corporateId));
  // Every optional field empty.
  await t.db
    .update(users)
    .set({ phone: null, idType: null, idNumber: null, dateOfBirth: null })
    .where(eq(users.id, await userOf(third)));
  await t.db
    .update(students)
    .set({ nationality: null, gender: null, regionCode: null, cityId: null, occupation: null })
    .where(eq(students.id, third));
  // Created in the same millisecond as another: the cursor's id breaks the tie.
  const [created] = await t.db
    .select({ createdAt: students.createdAt })
    .from(students)
    .where(eq(students.id, third));
  await t.db.update(students).set({ createdAt: created!.createdAt }).where(eq(students.id, fourth));
});
afterAll(async () => {
  await t.close();
});

/** What the super admin may do to any student: all but what a corporate does to its own. */
const ADMIN_ABILITIES = { edit: true, hold: true, transfer: true, remove: false };

/** What the route wrote before: the stored row mapped by the service, encoded by the schema, stringified. */
async function profileAsTheSchemaWroteIt(id: number): Promise<string> {
  const row = await repo.findStudentProfile(t.db, id);
  return JSON.stringify(StudentProfile.encode({ ...toProfile(row!), abilities: ADMIN_ABILITIES }));
}

/** The keys of a schema's objects, nested ones by their path: the only keys a response may hold. */
function keysOf(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    `${path}${key}`,
    ...keysOf(inner, `${path}${key}.`),
  ]);
}

describe('the JSON the database writes for students', () => {
  it('answers every student profile with the text the schema wrote, whatever its fields hold', async () => {
    expect(studentIds.length).toBeGreaterThan(20);
    for (const id of studentIds) {
      const response = await t.call({ method: 'GET', url: `/api/students/${id}`, token: admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(await profileAsTheSchemaWroteIt(id));
    }
  });

  it('answers the first page of every sort, order and scope with the text the schema wrote', async () => {
    expect(tellerBranch).not.toBeNull();
    const callers = [
      { token: admin, url: '/api/students', scope: {} },
      { token: teller, url: '/api/students', scope: { branchId: tellerBranch ?? undefined } },
      { token: corporate, url: '/api/corporate/students', scope: { corporateId } },
    ];
    for (const caller of callers) {
      const { scope } = caller;
      for (const sort of ['nameEn', 'nameAr', 'createdAt'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const limit of [1, 7, 100]) {
            const response = await t.call({
              method: 'GET',
              url: `${caller.url}?sort=${sort}&order=${order}&limit=${limit}`,
              token: caller.token,
            });
            expect(response.statusCode).toBe(200);
            const page = await studentList.listStudents(t.db, { scope, sort, order, limit });
            const written = JSON.stringify(StudentPage.encode({ ...page, items: page.items.map(toSummary) }));
            expect(response.body).toBe(written);
          }
        }
      }
    }
  });

  it('holds no field outside the schema: no password hash, no extra column', async () => {
    const profile = await t.call({ method: 'GET', url: `/api/students/${studentIds[0]}`, token: admin });
    const page = await t.call({ method: 'GET', url: '/api/students?limit=100', token: admin });
    for (const body of [profile.body, page.body]) {
      expect(body).not.toContain('$argon2');
      expect(body).not.toMatch(/password|searchText|search_text|userType|"type"/i);
    }
    const allowedProfileKeys = new Set(
      keysOf(
        StudentProfile.encode({
          ...toProfile((await repo.findStudentProfile(t.db, studentIds[0]!))!),
          abilities: ADMIN_ABILITIES,
        }),
      ),
    );
    expect(new Set(keysOf(profile.json()))).toEqual(allowedProfileKeys);
    const summaryKeys = Object.keys(StudentSummary.shape).sort();
    for (const item of page.json().items as Record<string, unknown>[]) {
      expect(Object.keys(item).sort()).toEqual(summaryKeys);
      for (const ref of ['branch', 'corporate'] as const) {
        const inner = item[ref];
        if (inner !== null) {
          const allowed = Object.keys(StudentSummary.shape[ref].unwrap().shape).sort();
          expect(Object.keys(inner as object).sort()).toEqual(allowed);
        }
      }
    }
  });

  it('keeps the scope: 404 for a student outside it, as before', async () => {
    for (const id of studentIds) {
      const [row] = await t.db
        .select({ branchId: students.branchId })
        .from(students)
        .where(eq(students.id, id));
      const response = await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller });
      expect(response.statusCode).toBe(row!.branchId === tellerBranch ? 200 : 404);
    }
  });
});
