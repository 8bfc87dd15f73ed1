import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, corporates, outbox } from '../../db/schema/index.ts';
import { branchIdOf, lastSentPassword } from '../../test/accounts.ts';
import { PNG_BYTES, putFile, TEXT_BYTES } from '../../test/files.ts';
import { newStudentFields } from '../../test/students.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let teller: string;
let riyadhId: number;
let jeddahId: number;
let corporateId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  riyadhId = await branchIdOf(t, 'RUH-01');
  jeddahId = await branchIdOf(t, 'JED-01');
  corporateId = (await t.db.select({ id: corporates.id }).from(corporates))[0]!.id;
});
afterAll(async () => {
  await t.close();
});

const newStudent = (overrides: Record<string, unknown> = {}) => newStudentFields(riyadhId, overrides);
const create = (token: string, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/students', token, payload, lang });
const list = (token: string, query = '') => t.call({ method: 'GET', url: `/api/students${query}`, token });
const count = async (token: string, query = '') =>
  (await t.call({ method: 'GET', url: `/api/students/count${query}`, token })).json().total;

describe('students in the back office', () => {
  it('lets a teller open an account: the student gets a password by SMS and must change it at first login', async () => {
    const student = newStudent();
    const response = await create(teller, student);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Records have been saved.');
    const [sms] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(sms?.recipient).toBe(`+966${student.mobile.slice(1)}`);
    const password = await lastSentPassword(t);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.idNumber, password },
    });
    expect(login.json()).toMatchObject({
      type: 'student',
      changePassword: true,
      studentId: response.json().id,
    });
  });

  it('lists and searches students within the caller’s branch', async () => {
    await create(admin, newStudent({ branchId: jeddahId, fullNameEn: 'Jeddah Only Person' }));
    const mine = (await list(teller, '?limit=100')).json();
    expect(await count(admin)).toBeGreaterThan(await count(teller));
    expect(await count(teller)).toBe(mine.items.length);
    expect(mine.items.every((s: { branch: { id: number } }) => s.branch.id === riyadhId)).toBe(true);
    expect((await list(admin, '?search=Jeddah%20Only')).json().items).toHaveLength(1);
    expect((await list(teller, '?search=Jeddah%20Only')).json().items).toHaveLength(0);
    expect(await count(admin, '?search=Jeddah%20Only')).toBe(1);
    expect(await count(teller, '?search=Jeddah%20Only')).toBe(0);
    expect(await count(admin, `?search=${encodeURIComponent('أمين')}`)).toBeGreaterThanOrEqual(2);
    expect(await count(admin, '?search=BD000000')).toBeGreaterThanOrEqual(2);
    // A phone typed locally (leading 0, Arabic digits) finds the stored +966 number.
    expect(await count(admin, `?search=${encodeURIComponent('٠٥٨٣٠٠٠٠٠١')}`)).toBe(1);
    const { token } = await t.loginAs('Instructor');
    expect((await list(token)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/students/count', token })).statusCode).toBe(403);
  });

  it('answers a page without a total, and counts the same filters once on the count route', async () => {
    const page = (await list(admin, '?limit=1')).json();
    expect(Object.keys(page).sort()).toEqual(['items', 'nextCursor']);
    const counted = await t.call({ method: 'GET', url: '/api/students/count?onHold=false', token: admin });
    expect(counted.json()).toEqual({ total: expect.any(Number), capped: false });
    for (const paging of ['limit=5', 'cursor=abc', 'sort=nameAr', 'order=desc']) {
      const refused = await t.call({ method: 'GET', url: `/api/students/count?${paging}`, token: admin });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('finds a student by ID number, and says "No student found with this ID." otherwise', async () => {
    const student = newStudent();
    await create(admin, student);
    const found = await t.call({
      method: 'GET',
      url: `/api/students/by-id-number/${student.idNumber.toLowerCase()}`,
      token: teller,
    });
    expect(found.json()).toMatchObject({ idNumber: student.idNumber, occupation: 'Baker', gender: 'male' });
    const missing = await t.call({
      method: 'GET',
      url: '/api/students/by-id-number/2999999999',
      token: teller,
      lang: 'ar',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('لم يتم العثور على طالب بهذا الرقم.');
    const elsewhere = newStudent({ branchId: jeddahId });
    await create(admin, elsewhere);
    const hidden = await t.call({
      method: 'GET',
      url: `/api/students/by-id-number/${elsewhere.idNumber}`,
      token: teller,
    });
    expect(hidden.json().message).toBe('No student found with this ID.');
  });

  it('refuses duplicates, branches outside the caller’s reach and unknown corporates', async () => {
    const student = newStudent();
    await create(teller, student);
    const again = await create(teller, newStudent({ idNumber: student.idNumber }));
    expect(again.json().message).toBe('Records already registered with this information.');
    expect((await create(teller, newStudent({ branchId: jeddahId }))).json().message).toBe(
      'Please select branch',
    );
    expect((await create(admin, newStudent({ corporateId: 999_999 }))).json().message).toBe(
      'Please select a corporate',
    );
    expect((await create(admin, newStudent({ gender: 'x' }))).json().message).toBe('Please select gender');
  });

  it('updates a student and writes the change to the audit log', async () => {
    const original = newStudent();
    const { id } = (await create(teller, original)).json();
    // The login e-mail and phone stay: they change only with a code (contact-change.test.ts).
    const changed = newStudent({
      occupation: 'Chef',
      corporateId,
      email: original.email,
      mobile: original.mobile,
    });
    const response = await t.call({
      method: 'PATCH',
      url: `/api/students/${id}`,
      token: teller,
      payload: changed,
    });
    expect(response.json().message).toBe('Records have been updated.');
    const profile = (await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).json();
    expect(profile).toMatchObject({
      occupation: 'Chef',
      corporate: { id: corporateId },
      email: changed.email,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'student.update'));
    expect(audit.some((row) => row.entityId === String(id))).toBe(true);
  });

  it('holds and un-holds a student with a reason', async () => {
    const { id } = (await create(teller, newStudent())).json();
    const noReason = await t.call({
      method: 'POST',
      url: `/api/students/${id}/hold`,
      token: teller,
      payload: { reason: ' ' },
    });
    expect(noReason.json().message).toBe('Please enter the reason.');
    await t.call({
      method: 'POST',
      url: `/api/students/${id}/hold`,
      token: teller,
      payload: { reason: 'Unpaid balance' },
    });
    expect((await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).json()).toMatchObject(
      { onHold: true, holdReason: 'Unpaid balance' },
    );
    expect((await list(teller, '?onHold=true')).json().items.some((s: { id: number }) => s.id === id)).toBe(
      true,
    );
    await t.call({
      method: 'POST',
      url: `/api/students/${id}/unhold`,
      token: teller,
      payload: { reason: 'Paid' },
    });
    expect((await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).json()).toMatchObject(
      { onHold: false, holdReason: null },
    );
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['student.hold', 'student.unhold']));
  });

  it('transfers a student between branches (head office) and corporates', async () => {
    const { id } = (await create(teller, newStudent())).json();
    const blocked = await t.call({
      method: 'POST',
      url: `/api/students/${id}/transfer`,
      token: teller,
      payload: { branchId: jeddahId, reason: 'Moved' },
    });
    expect(blocked.json().message).toBe('Please select branch');
    const nothing = await t.call({
      method: 'POST',
      url: `/api/students/${id}/transfer`,
      token: admin,
      payload: { reason: 'x' },
    });
    expect(nothing.json().message).toBe('Please choose the branch or corporate to transfer to.');
    const moved = await t.call({
      method: 'POST',
      url: `/api/students/${id}/transfer`,
      token: admin,
      payload: { branchId: jeddahId, corporateId, reason: 'Moved to Jeddah' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/students/${id}`, token: admin })).json()).toMatchObject({
      branch: { id: jeddahId },
      corporate: { id: corporateId },
    });
    expect((await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).statusCode).toBe(404);
  });

  it('replaces a photo, removing the old file, and refuses a file that is not an image', async () => {
    const { id } = (await create(teller, newStudent())).json();
    const upload = (bytes: Buffer) =>
      putFile(t, { url: `/api/students/${id}/attachments/photo`, bytes, token: teller });
    expect((await upload(PNG_BYTES)).statusCode).toBe(200);
    const first = (await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).json()
      .photoFileId;
    expect((await upload(PNG_BYTES)).statusCode).toBe(200);
    const second = (await t.call({ method: 'GET', url: `/api/students/${id}`, token: teller })).json()
      .photoFileId;
    expect(second).not.toBe(first);
    expect((await t.call({ method: 'GET', url: `/api/files/${first}`, token: admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/files/${second}`, token: admin })).statusCode).toBe(200);
    expect((await upload(TEXT_BYTES)).json().code).toBe('FILE_TYPE_NOT_ALLOWED');
  });
});

describe("what the students policy lets a caller do, as the profile's abilities carry it", () => {
  const profileOf = async (token: string, id: number) =>
    (await t.call({ method: 'GET', url: `/api/students/${id}`, token })).json();

  it('lets a teller edit, hold and transfer a student of their branch; a branch accountant only read them', async () => {
    const { id } = (await create(teller, newStudent())).json();
    expect((await profileOf(teller, id)).abilities).toEqual({
      edit: true,
      hold: true,
      transfer: true,
      remove: false,
    });
    const accountant = (await t.loginAs('branchaccountant')).token;
    expect((await profileOf(accountant, id)).abilities).toEqual({
      edit: false,
      hold: false,
      transfer: false,
      remove: false,
    });
    // And the refusal the ability foretells.
    const hold = await t.call({
      method: 'POST',
      url: `/api/students/${id}/hold`,
      token: accountant,
      payload: { reason: 'Unpaid balance' },
    });
    expect(hold.statusCode).toBe(403);
  });

  it('sends the caller abilities of the area with the session check: a teller adds students, an accountant does not', async () => {
    const abilitiesOf = async (token: string) =>
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json().abilities;
    expect((await abilitiesOf(teller)).students).toEqual({ create: true });
    expect((await abilitiesOf((await t.loginAs('branchaccountant')).token)).students).toEqual({
      create: false,
    });
  });
});

describe('two simultaneous submits of one student', () => {
  it('saves one and answers the other with the duplicate message, not a 500', async () => {
    const student = newStudent();
    const responses = await Promise.all([create(teller, student), create(teller, student)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toBe(
      'Records already registered with this information.',
    );
  });
});
