import type { UserType } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { branchIdOf, lastSentPassword, tokenOf } from '../../test/accounts.ts';
import { registerVerifiedCenter } from '../../test/centers.ts';
import { PDF_BYTES, PNG_BYTES, putFile } from '../../test/files.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

const readFile = (id: string, token: string) => t.call({ method: 'GET', url: `/api/files/${id}`, token });
const detail = async (path: string) => (await t.call({ method: 'GET', url: path, token: admin })).json();

/** The status each user type gets for a file; the file's own holder is checked apart. */
async function statusesOf(fileId: string, types: readonly UserType[]) {
  const statuses: Record<string, number> = {};
  for (const type of types) {
    statuses[type] = (await readFile(fileId, (await t.loginAs(type)).token)).statusCode;
  }
  return statuses;
}

const expectAll = (types: readonly UserType[], status: number) =>
  Object.fromEntries(types.map((type) => [type, status]));

describe("a centre's CR and licence copies", () => {
  let fileId: string;
  let centreToken: string;
  beforeAll(async () => {
    const { fields, id } = await registerVerifiedCenter(t, 'training', {}, { crCopy: PDF_BYTES });
    expect(
      (await t.call({ method: 'POST', url: `/api/centers/${id}/approve`, token: admin })).statusCode,
    ).toBe(200);
    fileId = (await detail(`/api/centers/${id}`)).crCopyFileId;
    centreToken = await tokenOf(t, fields.email, 'Strong@2026');
  });

  it('are served to the super admin and to the centre itself', async () => {
    const own = await readFile(fileId, centreToken);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await readFile(fileId, admin)).statusCode).toBe(200);
  });

  it('are not found by anyone else, even head-office staff who read students or corporates', async () => {
    const refused = [
      'CEO',
      'COO',
      'manager',
      'CFO',
      'TrainingManager',
      'branch admin',
      'Teller',
      'HeadOfIT',
      'corporate',
      'student',
      'Instructor',
      'training center',
      'medical center',
    ] as const;
    expect(await statusesOf(fileId, refused)).toEqual(expectAll(refused, 404));
  });
});

describe("a corporate's copies", () => {
  let fileId: string;
  let corporateToken: string;
  beforeAll(async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/corporates',
      token: admin,
      payload: {
        nameEn: 'Policy Trading',
        nameAr: 'تجارة السياسات',
        crNumber: '4030777001',
        representativeName: 'Huda Al-Amri',
        representativeEmail: 'huda@policy.test',
        representativePhone: '0570777001',
        headOfficeRegion: 'SA-01',
        headOfficeCity: 'riyadh',
      },
    });
    const id = created.json().id;
    corporateToken = await tokenOf(t, '4030777001', await lastSentPassword(t));
    const url = `/api/corporates/${id}/attachments/licenceCopy`;
    expect((await putFile(t, { url, bytes: PDF_BYTES, token: admin })).statusCode).toBe(200);
    fileId = (await detail(`/api/corporates/${id}`)).licenceCopyFileId;
  });

  it('are served to the corporate itself and to staff who may read corporates', async () => {
    expect((await readFile(fileId, corporateToken)).statusCode).toBe(200);
    const allowed = ['super admin', 'CEO', 'CFO', 'branch admin', 'Teller'] as const;
    expect(await statusesOf(fileId, allowed)).toEqual(expectAll(allowed, 200));
  });

  it('are not found by staff without corporates read, another corporate, students or centres', async () => {
    const refused = [
      'TrainingManager',
      'HeadOfIT',
      'Instructor',
      'corporate',
      'student',
      'training center',
    ] as const;
    expect(await statusesOf(fileId, refused)).toEqual(expectAll(refused, 404));
  });
});

describe("a student's photo", () => {
  let fileId: string;
  let studentToken: string;
  beforeAll(async () => {
    const student = newStudentFields(await branchIdOf(t, 'JED-01'), { mobile: '0550777001' });
    const created = await t.call({ method: 'POST', url: '/api/students', token: admin, payload: student });
    expect(created.statusCode).toBe(201);
    studentToken = await tokenOf(t, student.idNumber, await lastSentPassword(t));
    const id = created.json().id;
    const url = `/api/students/${id}/attachments/photo`;
    expect((await putFile(t, { url, bytes: PNG_BYTES, token: admin })).statusCode).toBe(200);
    fileId = (await detail(`/api/students/${id}`)).photoFileId;
  });

  it('is served to the student and to head-office staff who may read students, each look logged', async () => {
    expect((await readFile(fileId, studentToken)).statusCode).toBe(200);
    const allowed = ['super admin', 'CEO', 'TrainingManager', 'CFO'] as const;
    expect(await statusesOf(fileId, allowed)).toEqual(expectAll(allowed, 200));
    const reads = await t.db.select().from(auditLog).where(eq(auditLog.action, 'file.read'));
    expect(reads.filter((row) => row.entityId === fileId)).toHaveLength(allowed.length);
  });

  it("is not found by another branch's staff, staff without students read, corporates or centres", async () => {
    const refused = [
      'branch admin',
      'Teller',
      'HeadOfIT',
      'Instructor',
      'student',
      'corporate',
      'training center',
    ] as const;
    expect(await statusesOf(fileId, refused)).toEqual(expectAll(refused, 404));
  });
});

describe('public images', () => {
  it('are served by their own routes, never through /api/files', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/products',
      token: admin,
      payload: { type: 'physical', code: 'FILES-1', nameEn: 'Hair nets', nameAr: 'شبكات الشعر', price: '5' },
    });
    const id = created.json().id;
    await putFile(t, { url: `/api/products/${id}/image`, bytes: PNG_BYTES, token: admin });
    const imageId = (await detail(`/api/products/${id}`)).imageFileId;
    expect((await t.call({ method: 'GET', url: `/api/public/product-images/${imageId}` })).statusCode).toBe(
      200,
    );
    expect((await readFile(imageId, admin)).statusCode).toBe(404);
  });
});
