import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, students, users } from '../../db/schema/index.ts';
import { PDF_BYTES, PNG_BYTES, TEXT_BYTES } from '../../test/files.ts';
import { newAddress, verifyPhone } from '../../test/phone.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let branchId: number;
beforeAll(async () => {
  t = await buildTestApp();
  // The demo teller works at RUH-01: registrations go there so that branch staff can see them.
  const branches = (await t.call({ method: 'GET', url: '/api/branches/public' })).json() as {
    id: number;
    code: string;
  }[];
  branchId = branches.find((branch) => branch.code === 'RUH-01')!.id;
});
afterAll(async () => {
  await t.close();
});

let personSeed = 0;
function person(overrides: Record<string, string> = {}) {
  personSeed++;
  const mobile = `05400000${String(personSeed).padStart(2, '0')}`;
  return {
    fullNameAr: 'راجيش كومار',
    fullNameEn: 'Rajesh Kumar',
    email: `rajesh${personSeed}@example.com`,
    dateOfBirth: '1994-03-12',
    nationality: 'IN',
    gender: 'male',
    mobile,
    region: 'SA-01',
    city: 'riyadh',
    branchId: String(branchId),
    idType: 'passport',
    idNumber: `P${String(personSeed).padStart(7, '0')}`,
    occupation: 'Cook',
    password: 'Strong@2026',
    rePassword: 'Strong@2026',
    ...overrides,
  };
}

function register(
  fields: Record<string, string>,
  attachments: { photo?: Buffer; idCopy?: Buffer } = { photo: PNG_BYTES },
  lang?: 'en' | 'ar',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (attachments.photo) form.append('photo', new Blob([attachments.photo]), 'photo.png');
  if (attachments.idCopy) form.append('idCopy', new Blob([attachments.idCopy]), 'id.pdf');
  return t.call({
    method: 'POST',
    url: '/api/students/register',
    payload: form,
    remoteAddress: newAddress(),
    lang,
  });
}

async function filesOnDisk(): Promise<number> {
  const root = path.join(t.app.deps.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('POST /api/students/register', () => {
  it('registers a student with a verified phone, photo and ID copy, who can then log in by e-mail or ID number', async () => {
    const fields = person();
    const phoneToken = await verifyPhone(t, fields.mobile);
    const response = await register({ ...fields, phoneToken }, { photo: PNG_BYTES, idCopy: PDF_BYTES });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: 'Records have been saved.' });
    const { userId, studentId } = response.json();

    const [student] = await t.db.select().from(students).where(eq(students.id, studentId));
    expect(student).toMatchObject({
      userId,
      nationality: 'IN',
      gender: 'male',
      regionCode: 'SA-01',
      cityId: 'riyadh',
      occupation: 'Cook',
    });
    expect(student?.photoFileId).toBeTruthy();
    expect(student?.idCopyFileId).toBeTruthy();
    const [user] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      type: 'student',
      phone: `+966${fields.mobile.slice(1)}`,
      branchId,
    });

    for (const login of [fields.email, fields.idNumber]) {
      const loggedIn = await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: login, password: 'Strong@2026' },
      });
      expect(loggedIn.statusCode).toBe(200);
      expect(loggedIn.json()).toMatchObject({ type: 'student', studentId });
    }
  });

  it('serves the photo to its owner and to branch staff who may read students (logged), and to nobody else', async () => {
    const fields = person();
    const phoneToken = await verifyPhone(t, fields.mobile);
    const { userId } = (await register({ ...fields, phoneToken })).json();
    const [student] = await t.db.select().from(students).where(eq(students.userId, userId));
    const url = `/api/files/${student?.photoFileId}`;

    const own = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: fields.email, password: 'Strong@2026' },
    });
    const ownPhoto = await t.call({ method: 'GET', url, token: own.json().access_token });
    expect(ownPhoto.statusCode).toBe(200);
    expect(ownPhoto.headers['content-type']).toBe('image/png');
    expect(ownPhoto.rawPayload.equals(PNG_BYTES)).toBe(true);

    const teller = await t.loginAs('Teller');
    expect((await t.call({ method: 'GET', url, token: teller.token })).statusCode).toBe(200);
    const reads = await t.db.select().from(auditLog).where(eq(auditLog.action, 'file.read'));
    expect(reads.some((row) => row.actorUserId === teller.userId)).toBe(true);

    const headOffice = await t.loginAs('CEO');
    expect((await t.call({ method: 'GET', url, token: headOffice.token })).statusCode).toBe(200);
    for (const type of ['student', 'Instructor', 'corporate'] as const) {
      const other = await t.loginAs(type);
      expect((await t.call({ method: 'GET', url, token: other.token })).statusCode, type).toBe(404);
    }
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers a second registration with the same e-mail, ID or phone with "Records already registered with this information."', async () => {
    const first = person();
    await register({ ...first, phoneToken: await verifyPhone(t, first.mobile) });
    const again = person({ email: first.email });
    const response = await register({ ...again, phoneToken: await verifyPhone(t, again.mobile) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Records already registered with this information.');
    const sameId = person({ idNumber: first.idNumber });
    const arabic = await register(
      { ...sameId, phoneToken: await verifyPhone(t, sameId.mobile) },
      { photo: PNG_BYTES },
      'ar',
    );
    expect(arabic.json().message).toBe('توجد سجلات مسجلة مسبقاً بهذه المعلومات.');
  });

  it('refuses a phone that was not verified, or a grant for another phone', async () => {
    const fields = person();
    const missing = await register(fields);
    expect(missing.json()).toMatchObject({
      code: 'PHONE_NOT_VERIFIED',
      message: 'Please verify your phone number.',
    });
    const otherPhoneToken = await verifyPhone(t, '0549999999');
    const wrong = await register({ ...fields, phoneToken: otherPhoneToken });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('PHONE_NOT_VERIFIED');
  });

  it.each([
    [{ gender: '' }, 'gender', 'Please select gender'],
    [{ nationality: 'XX' }, 'nationality', 'Please select nationality'],
    [{ region: 'SA-99' }, 'region', 'Please select region'],
    [{ city: 'jeddah' }, 'city', 'Please select city'],
    [{ fullNameAr: 'Rajesh' }, 'fullNameAr', 'Please enter the name in Arabic letters'],
    [{ fullNameEn: ' ' }, 'fullNameEn', 'Please enter name'],
    [{ fullNameEn: 'راجيش كومار' }, 'fullNameEn', 'Please enter the name in English letters'],
    [{ fullNameEn: 'Rajesh كومار' }, 'fullNameEn', 'Please enter the name in English letters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'Please enter date'],
    [{ dateOfBirth: '2020-01-01' }, 'dateOfBirth', 'Please enter a valid date of birth.'],
    [{ idType: 'iqama', idNumber: '2000000005' }, 'idNumber', 'The ID number is not valid.'],
    [{ mobile: '12' }, 'mobile', 'Phone number must be valid'],
    [{ password: 'weak', rePassword: 'weak' }, 'password', 'Password must be at least 8 characters.'],
    [{ rePassword: 'Other@2026' }, 'rePassword', 'Passwords do not match'],
    [{ idExpiry: '2001-01-01' }, 'idExpiry', 'The ID has expired.'],
  ])('refuses %j with the message for %s', async (overrides, field, message) => {
    const response = await register({ ...person(overrides), phoneToken: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBeDefined();
    expect(response.json().message).toBe(message);
  });

  it('accepts a valid Iqama number typed in Arabic-Indic digits', async () => {
    const fields = person({ idType: 'iqama', idNumber: '٢٠٠٠٠٠٠٠١٤' });
    const response = await register({ ...fields, phoneToken: await verifyPhone(t, fields.mobile) });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.id, response.json().userId));
    expect(user?.idNumber).toBe('2000000014');
  });

  it('refuses a missing photo, a file that is not what it claims, and an oversize file, storing nothing', async () => {
    const before = await filesOnDisk();
    const fields = person();
    const phoneToken = await verifyPhone(t, fields.mobile);
    expect((await register({ ...fields, phoneToken }, {})).json().message).toBe(
      'Please add a personal photo.',
    );
    const fake = await register({ ...fields, phoneToken }, { photo: TEXT_BYTES });
    expect(fake.json()).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'This type of file is not allowed. Allowed: JPEG, PNG, WEBP.',
    });
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]);
    const oversize = await register({ ...fields, phoneToken }, { photo: big });
    expect(oversize.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The file is too large. The largest allowed is 2 MB.',
    });
    expect(await filesOnDisk()).toBe(before);
    // The grant was not used up by the refused attempts.
    expect((await register({ ...fields, phoneToken })).statusCode).toBe(201);
  });

  it('refuses unknown fields and unknown files', async () => {
    const fields = person();
    const smuggled = await register({ ...fields, type: 'super admin', phoneToken: 'x' });
    expect(smuggled.json()).toMatchObject({ code: 'UNKNOWN_FIELD', fields: { type: 'UNKNOWN_FIELD' } });
    const form = new FormData();
    form.append('virus', new Blob([PNG_BYTES]), 'x.png');
    const response = await t.call({ method: 'POST', url: '/api/students/register', payload: form });
    expect(response.statusCode).toBe(400);
  });

  it('keeps the password out of the request an Idempotency-Key stores: a replay with another password is the same request', async () => {
    const fields = person();
    const phoneToken = await verifyPhone(t, fields.mobile);
    const send = (password: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, password, rePassword: password, phoneToken }))
        form.append(name, value);
      form.append('photo', new Blob([PNG_BYTES]), 'photo.png');
      return t.call({
        method: 'POST',
        url: '/api/students/register',
        payload: form,
        headers: { 'idempotency-key': `register-${fields.email}` },
      });
    };
    const first = await send('Strong@2026');
    expect(first.statusCode).toBe(201);
    const again = await send('Other@2026x');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a JSON body', async () => {
    const response = await t.call({ method: 'POST', url: '/api/students/register', payload: person() });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/branches/public', () => {
  it('lists branches with names in both languages and nothing else', async () => {
    const response = await t.call({ method: 'GET', url: '/api/branches/public' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['code', 'id', 'nameAr', 'nameEn']);
  });
});
