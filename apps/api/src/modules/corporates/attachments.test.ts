import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { lastSentPassword, tokenOf } from '../../test/accounts.ts';
import { PDF_BYTES, PNG_BYTES, putFile, TEXT_BYTES } from '../../test/files.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let corporateId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  const created = await t.call({
    method: 'POST',
    url: '/api/corporates',
    token: admin,
    payload: {
      nameEn: 'Copies Trading',
      nameAr: 'تجارة النسخ',
      crNumber: '4030555001',
      representativeName: 'Huda Al-Amri',
      representativeEmail: 'huda@copies.test',
      representativePhone: '0570555001',
      headOfficeRegion: 'SA-01',
      headOfficeCity: 'riyadh',
    },
  });
  corporateId = created.json().id;
});
afterAll(async () => {
  await t.close();
});

const upload = (kind: string, bytes: Buffer, token = admin, id = corporateId, lang?: 'en' | 'ar') =>
  putFile(t, { url: `/api/corporates/${id}/attachments/${kind}`, bytes, token, lang });
const detail = async () =>
  (await t.call({ method: 'GET', url: `/api/corporates/${corporateId}`, token: admin })).json();
const readFile = (id: string, token: string) => t.call({ method: 'GET', url: `/api/files/${id}`, token });

describe('corporate attachments', () => {
  it('adds a commercial register copy, then replaces it and removes the old file', async () => {
    const first = await upload('crCopy', PDF_BYTES);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Records have been saved.');
    const firstId = (await detail()).crCopyFileId;
    expect(firstId).toEqual(expect.any(String));
    expect((await detail()).licenceCopyFileId).toBeNull();

    const second = await upload('crCopy', PNG_BYTES);
    expect(second.json().message).toBe('Records have been updated.');
    const secondId = (await detail()).crCopyFileId;
    expect(secondId).not.toBe(firstId);
    expect((await readFile(firstId, admin)).statusCode).toBe(404);
    const file = await readFile(secondId, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'corporate.crCopy.replace'));
    expect(audit).toHaveLength(2);
  });

  it('lets staff who may read corporates and the corporate itself see a copy, and no one else', async () => {
    await upload('licenceCopy', PDF_BYTES);
    const fileId = (await detail()).licenceCopyFileId;
    const teller = await t.loginAs('Teller');
    expect((await readFile(fileId, teller.token)).statusCode).toBe(200);
    const own = await tokenOf(t, '4030555001', await lastSentPassword(t));
    expect((await readFile(fileId, own)).statusCode).toBe(200);
    for (const type of ['Instructor', 'student', 'corporate', 'TrainingManager'] as const) {
      const { token } = await t.loginAs(type);
      expect((await readFile(fileId, token)).statusCode, type).toBe(404);
    }
  });

  it('refuses a file that is not a PDF, JPEG or PNG by its bytes, and one over 5 MB', async () => {
    const text = await upload('crCopy', TEXT_BYTES, admin, corporateId, 'ar');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      fields: { file: 'FILE_TYPE_NOT_ALLOWED' },
    });
    const big = await upload('crCopy', Buffer.concat([PDF_BYTES, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', params: { max: 5 } });
  });

  it('refuses a request without a file, an unknown kind and an unknown corporate', async () => {
    const empty = await t.call({
      method: 'PUT',
      url: `/api/corporates/${corporateId}/attachments/crCopy`,
      token: admin,
      payload: new FormData(),
    });
    expect(empty.statusCode).toBe(400);
    expect((await upload('photo', PDF_BYTES)).statusCode).toBe(400);
    expect((await upload('crCopy', PDF_BYTES, admin, 999_999)).statusCode).toBe(404);
  });

  it('keeps uploads to those who may edit corporates', async () => {
    const teller = await t.loginAs('Teller');
    expect((await upload('crCopy', PDF_BYTES, teller.token)).statusCode).toBe(403);
    const corporate = await t.loginAs('corporate');
    expect((await upload('crCopy', PDF_BYTES, corporate.token)).statusCode).toBe(403);
    expect((await upload('crCopy', PDF_BYTES, '')).statusCode).toBe(401);
  });
});
