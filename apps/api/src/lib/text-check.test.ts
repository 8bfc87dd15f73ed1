import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, users } from '../db/schema/index.ts';
import { branchIdOf } from '../test/accounts.ts';
import { PNG_BYTES } from '../test/files.ts';
import { newAddress, verifyPhone } from '../test/phone.ts';
import { newStudentFields } from '../test/students.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { isInvalidText, pathsOfInvalidText } from './text-check.ts';

const NUL = '\u0000';
const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

describe('isInvalidText', () => {
  it('refuses a NUL and an unpaired surrogate, keeps paired surrogates (emoji) and ordinary text', () => {
    expect(isInvalidText(`a${NUL}b`)).toBe(true);
    expect(isInvalidText(`a${LONE_HIGH}`)).toBe(true);
    expect(isInvalidText(`${LONE_LOW}a`)).toBe(true);
    expect(isInvalidText(`${LONE_LOW}${LONE_HIGH}`)).toBe(true);
    expect(isInvalidText('مرحبا 😀 ok')).toBe(false);
    expect(isInvalidText('')).toBe(false);
  });

  it('names every bad string of a nested value by its path, keys included', () => {
    expect(
      pathsOfInvalidText({
        name: `x${NUL}`,
        fine: 'ok',
        list: [{ deep: LONE_HIGH }, 3],
        [`key${NUL}`]: 'value',
      }),
    ).toEqual(['name', 'list.0.deep', `key${NUL}`]);
    expect(pathsOfInvalidText(NUL)).toEqual(['_']);
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    let value: unknown = NUL;
    for (let depth = 0; depth < 100_000; depth++) value = [value];
    expect(pathsOfInvalidText(value)).toHaveLength(1);
  });
});

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

async function rowsOf(table: typeof students | typeof users): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

async function filesOnDisk(): Promise<number> {
  const root = path.join(t.app.deps.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/** A JSON body as sent on the wire, so that escapes like `\u0000` reach the parser as they are. */
const jsonCall = (url: string, rawJson: string, token?: string) =>
  t.call({
    method: 'POST',
    url,
    token,
    payload: rawJson,
    headers: { 'content-type': 'application/json' },
  });

describe('a NUL or an unpaired surrogate anywhere in a request is a 400 naming the field', () => {
  it('in a JSON body (NUL): 400 with the field, in English and Arabic, and nothing written', async () => {
    const before = await rowsOf(students);
    const fields = newStudentFields(branchId, { occupation: `Cook${NUL}` });
    const response = await t.call({ method: 'POST', url: '/api/students', token: teller, payload: fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'TEXT_INVALID_CHARACTERS',
      message: 'This text contains characters that are not allowed.',
      fields: { occupation: 'TEXT_INVALID_CHARACTERS' },
    });
    const arabic = await t.call({
      method: 'POST',
      url: '/api/students',
      token: teller,
      payload: fields,
      lang: 'ar',
    });
    expect(arabic.json().message).toBe('يحتوي هذا النص على رموز غير مسموح بها.');
    expect(await rowsOf(students)).toBe(before);
  });

  it('in a JSON body (an unpaired surrogate, escaped on the wire), also in a key and in an array', async () => {
    const response = await jsonCall(
      '/api/check-user-exists',
      '{"email":"a\\ud800@example.com","\\udc00x":1,"list":["ok","\\u0000"]}',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'TEXT_INVALID_CHARACTERS',
      fields: {
        email: 'TEXT_INVALID_CHARACTERS',
        [`${LONE_LOW}x`]: 'TEXT_INVALID_CHARACTERS',
        'list.1': 'TEXT_INVALID_CHARACTERS',
      },
    });
  });

  it('in a login: refused before any lookup', async () => {
    const response = await jsonCall('/api/auth/login', '{"email":"\\u0000","password":"x"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ email: 'TEXT_INVALID_CHARACTERS' });
  });

  it('in the query string', async () => {
    for (const search of ['%00', 'a%00b']) {
      const response = await t.call({ method: 'GET', url: `/api/students?search=${search}`, token: teller });
      expect(response.statusCode, search).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'TEXT_INVALID_CHARACTERS',
        fields: { search: 'TEXT_INVALID_CHARACTERS' },
      });
    }
  });

  it('in path parameters', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/students/by-id-number/12%0034',
      token: teller,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'TEXT_INVALID_CHARACTERS',
      fields: { idNumber: 'TEXT_INVALID_CHARACTERS' },
    });
  });

  it('on a public route as on a logged-in one, and the access rule still answers first', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/api/students?search=%00' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('multipart forms', () => {
  let personSeed = 0;
  function person(overrides: Record<string, string> = {}) {
    personSeed++;
    return {
      fullNameAr: 'راجيش كومار',
      fullNameEn: 'Rajesh Kumar',
      email: `text-check${personSeed}@example.com`,
      dateOfBirth: '1994-03-12',
      nationality: 'IN',
      gender: 'male',
      mobile: `05410000${String(personSeed).padStart(2, '0')}`,
      region: 'SA-01',
      city: 'riyadh',
      branchId: String(branchId),
      idType: 'passport',
      idNumber: `T${String(personSeed).padStart(7, '0')}`,
      occupation: 'Cook',
      password: 'Strong@2026',
      rePassword: 'Strong@2026',
      ...overrides,
    };
  }

  function register(fields: Record<string, string>, photoName = 'photo.png') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('photo', new Blob([PNG_BYTES]), photoName);
    return t.call({
      method: 'POST',
      url: '/api/students/register',
      payload: form,
      remoteAddress: newAddress(),
    });
  }

  it('a NUL in a field value: 400 naming the field; no user, no student, no file stored', async () => {
    const fields = person();
    const phoneToken = await verifyPhone(t, fields.mobile);
    const [usersBefore, studentsBefore, filesBefore] = [
      await rowsOf(users),
      await rowsOf(students),
      await filesOnDisk(),
    ];
    const response = await register({ ...fields, occupation: `Cook${NUL}`, phoneToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'TEXT_INVALID_CHARACTERS',
      fields: { occupation: 'TEXT_INVALID_CHARACTERS' },
    });
    expect(await rowsOf(users)).toBe(usersBefore);
    expect(await rowsOf(students)).toBe(studentsBefore);
    expect(await filesOnDisk()).toBe(filesBefore);
    // The grant was not used up by the refused form: the corrected one goes through.
    expect((await register({ ...fields, phoneToken })).statusCode).toBe(201);
  });

  /** A form written by hand: FormData would replace an unpaired surrogate before it is sent. */
  function rawForm(parts: { headers: string; body: Buffer }[]) {
    const boundary = 'tasreeh-boundary';
    const payload = Buffer.concat([
      ...parts.flatMap((part) => [
        Buffer.from(`--${boundary}\r\n${part.headers}\r\n\r\n`),
        part.body,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return t.call({
      method: 'POST',
      url: '/api/students/register',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      remoteAddress: newAddress(),
    });
  }
  const textPart = (name: string, value: string) => ({
    headers: `Content-Disposition: form-data; name="${name}"`,
    body: Buffer.from(value),
  });

  it('an unpaired surrogate in a field value (sent as UTF-16): 400 naming the field', async () => {
    const fields = Object.entries(person()).map(([name, value]) => textPart(name, value));
    const response = await rawForm([
      ...fields,
      {
        headers:
          'Content-Disposition: form-data; name="occupation"\r\nContent-Type: text/plain; charset=utf-16le',
        body: Buffer.from(`Cook${LONE_HIGH}`, 'utf16le'),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ occupation: 'TEXT_INVALID_CHARACTERS' });
  });

  it('a NUL in a field name or in a file name: 400 naming the field', async () => {
    const fields = Object.entries(person()).map(([name, value]) => textPart(name, value));
    const badName = await rawForm([...fields, textPart(`note${NUL}`, 'x')]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toEqual({ [`note${NUL}`]: 'TEXT_INVALID_CHARACTERS' });
    const badFile = await rawForm([
      ...fields,
      {
        headers: `Content-Disposition: form-data; name="photo"; filename="photo${NUL}.png"\r\nContent-Type: image/png`,
        body: PNG_BYTES,
      },
    ]);
    expect(badFile.statusCode).toBe(400);
    expect(badFile.json().fields).toEqual({ photo: 'TEXT_INVALID_CHARACTERS' });
  });

  it('a field value over the form limit: 400 TOO_LONG on the field, never kept shortened', async () => {
    const fields = Object.entries(person()).map(([name, value]) => textPart(name, value));
    const response = await rawForm([...fields, textPart('occupation', 'x'.repeat(20_000))]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'TOO_LONG', fields: { occupation: 'TOO_LONG' } });
  });

  it('a truncated body: 400, nothing stored', async () => {
    const [usersBefore, filesBefore] = [await rowsOf(users), await filesOnDisk()];
    const boundary = 'tasreeh-boundary';
    const fields = person();
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const whole = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG_BYTES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Cut inside a field, inside the file, and just before the closing boundary.
    for (const cut of [40, whole.length - PNG_BYTES.length, whole.length - 10]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/students/register',
        payload: whole.subarray(0, cut),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        remoteAddress: newAddress(),
      });
      expect(response.statusCode, `cut at ${cut}`).toBe(400);
      expect(response.json().code).toBe('MALFORMED_REQUEST');
    }
    expect(await rowsOf(users)).toBe(usersBefore);
    expect(await filesOnDisk()).toBe(filesBefore);
  });

  it('a malformed body (garbage, no boundary, a broken part header): 400', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=x', 'not a form at all'],
      ['multipart/form-data', '--x\r\n\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--x--\r\n'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken header line\r\n\r\nvalue\r\n--x--\r\n'],
    ] as const) {
      const response = await t.call({
        method: 'PUT',
        url: '/api/students/1/attachments/photo',
        token: teller,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
