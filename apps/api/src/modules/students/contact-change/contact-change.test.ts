import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, corporates, outbox, users } from '../../../db/schema/index.ts';
import { branchIdOf, lastSentPassword, tokenOf } from '../../../test/accounts.ts';
import { newStudentFields } from '../../../test/students.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: { token: string; userId: number };
let teller: { token: string; userId: number };
let riyadhId: number;
let jeddahId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs('super admin');
  teller = await t.loginAs('Teller');
  riyadhId = await branchIdOf(t, 'RUH-01');
  jeddahId = await branchIdOf(t, 'JED-01');
});
afterAll(async () => {
  await t.close();
});

/** A student the teller adds, logged in with the password the SMS gave them. */
async function newStudent(branchId = riyadhId) {
  const fields = newStudentFields(branchId);
  const created = await t.call({ method: 'POST', url: '/api/students', token: admin.token, payload: fields });
  expect(created.statusCode).toBe(201);
  const password = await lastSentPassword(t);
  const token = await tokenOf(t, fields.idNumber, password);
  const [user] = await t.db.select().from(users).where(eq(users.idNumber, fields.idNumber));
  return { id: created.json().id as number, fields, password, token, user: user! };
}

const requestChange = (path: string, token: string, payload: object, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: `/api/${path}/contact-change`, token, payload, lang });
const verifyChange = (path: string, token: string, code: string) =>
  t.call({ method: 'POST', url: `/api/${path}/contact-change/verify`, token, payload: { code } });

/** The newest message queued for a recipient, and the code in it. */
async function lastMessageTo(recipient: string) {
  const [message] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  return { message, code: message?.body.match(/\b\d{6}\b/)?.[0] ?? '' };
}

const sessionAlive = async (token: string) =>
  (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).statusCode;

const phoneOf = async (userId: number) =>
  (await t.db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone;

describe("a student's login phone", () => {
  it('goes only with the code sent to the new phone: the old phone is told, every session ends, an audit row says who', async () => {
    const student = await newStudent();
    const oldPhone = student.user.phone!;
    const sent = await requestChange(`students/${student.id}`, teller.token, { phone: '٠٥٨٩٩٩٠٠٠١' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      data: { field: 'phone', sentTo: '+966589990001', digits: 6, resendAfterSeconds: 120 },
      message: 'A code has been sent to +966589990001.',
    });
    const { message, code } = await lastMessageTo('+966589990001');
    expect(message?.channel).toBe('sms');
    expect(code).toMatch(/^\d{6}$/);
    // Nothing changed yet: the student still logs in, the old phone is still the login's.
    expect(await phoneOf(student.user.id)).toBe(oldPhone);
    expect(await sessionAlive(student.token)).toBe(200);

    const wrong = await verifyChange(
      `students/${student.id}`,
      teller.token,
      code === '000000' ? '111111' : '000000',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: 'OTP is not valid',
      fields: { code: 'OTP_INVALID' },
    });
    expect(await phoneOf(student.user.id)).toBe(oldPhone);

    const done = await verifyChange(`students/${student.id}`, teller.token, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      id: student.id,
      message: 'The login contact has been changed, and the account signed out everywhere.',
    });
    expect(await phoneOf(student.user.id)).toBe('+966589990001');
    const notice = (await lastMessageTo(oldPhone)).message;
    expect(notice).toMatchObject({ channel: 'sms' });
    expect(notice?.body).toMatch(/was changed to \*+01,/);
    expect(await sessionAlive(student.token)).toBe(401);
    // The password is the student's own still: a new login works.
    expect(await tokenOf(t, student.fields.idNumber, student.password)).toBeTruthy();

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.contact-change'), eq(auditLog.entityId, String(student.id))));
    expect(audit).toMatchObject({
      actorUserId: teller.userId,
      entity: 'students',
      before: { phone: oldPhone },
      after: { phone: '+966589990001' },
    });
    // The code is used up.
    expect((await verifyChange(`students/${student.id}`, teller.token, code)).statusCode).toBe(400);
  });

  it('changes the login e-mail with the code sent by e-mail; the old e-mail is told', async () => {
    const student = await newStudent();
    const sent = await requestChange(`students/${student.id}`, teller.token, {
      email: ' New.Address@Example.com ',
    });
    expect(sent.json().data).toMatchObject({ field: 'email', sentTo: 'new.address@example.com' });
    const { message, code } = await lastMessageTo('new.address@example.com');
    expect(message).toMatchObject({ channel: 'email' });
    expect((await verifyChange(`students/${student.id}`, teller.token, code)).statusCode).toBe(200);
    const notice = (await lastMessageTo(student.fields.email)).message;
    expect(notice).toMatchObject({ channel: 'email' });
    expect(notice?.body).toContain('n***@example.com');
    expect(await tokenOf(t, 'new.address@example.com', student.password)).toBeTruthy();
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'student.contact-change.request'));
    expect(audit.at(-1)).toMatchObject({
      actorUserId: teller.userId,
      after: { field: 'email', value: 'new.address@example.com' },
    });
    expect(JSON.stringify(audit.at(-1))).not.toContain(code);
  });

  it('is not taken by an edit of the student: a changed e-mail or phone there is refused', async () => {
    const student = await newStudent();
    const response = await t.call({
      method: 'PATCH',
      url: `/api/students/${student.id}`,
      token: teller.token,
      payload: { ...student.fields, email: 'taken.over@example.com', mobile: '0589990099' },
      lang: 'ar',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CONTACT_CHANGE_NEEDS_CODE',
      message: 'لا يتغيّر البريد الإلكتروني أو رقم الجوال لتسجيل الدخول إلا بالرمز المرسل إلى الجديد منهما.',
      fields: { email: 'CONTACT_CHANGE_NEEDS_CODE', mobile: 'CONTACT_CHANGE_NEEDS_CODE' },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, student.user.id));
    expect(user).toMatchObject({ email: student.user.email, phone: student.user.phone });
  });

  it('refuses the current contact, one another account has, a second code within 120 s, and both at once', async () => {
    const student = await newStudent();
    const other = await newStudent();
    const path = `students/${student.id}`;
    expect((await requestChange(path, teller.token, { phone: student.fields.mobile })).json()).toMatchObject({
      code: 'CONTACT_UNCHANGED',
      fields: { phone: 'CONTACT_UNCHANGED' },
    });
    const taken = await requestChange(path, teller.token, { email: other.fields.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Records already registered with this information.',
      fields: { email: 'RECORDS_ALREADY_REGISTERED' },
    });
    expect((await requestChange(path, teller.token, { email: 'first@example.com' })).statusCode).toBe(200);
    const again = await requestChange(path, teller.token, { email: 'second@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('OTP_RESEND_WAIT');
    const both = await requestChange(path, teller.token, { email: 'a@example.com', phone: '0589990002' });
    expect(both.json()).toMatchObject({ code: 'CONTACT_CHANGE_ONE_FIELD' });
  });

  it('spoils a code after five wrong tries', async () => {
    const student = await newStudent();
    const path = `students/${student.id}`;
    await requestChange(path, teller.token, { phone: '0589990003' });
    const { code } = await lastMessageTo('+966589990003');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await verifyChange(path, teller.token, wrong)).statusCode).toBe(400);
    expect((await verifyChange(path, teller.token, code)).statusCode).toBe(400);
    expect(await phoneOf(student.user.id)).toBe(student.user.phone);
  });

  it('is 404 for a student of another branch, and 403 for user types without the right', async () => {
    const elsewhere = await newStudent(jeddahId);
    const path = `students/${elsewhere.id}`;
    expect((await requestChange(path, teller.token, { phone: '0589990004' })).statusCode).toBe(404);
    expect((await verifyChange(path, teller.token, '123456')).statusCode).toBe(404);
    const mine = await newStudent();
    for (const type of ['student', 'Instructor'] as const) {
      const { token } = await t.loginAs(type);
      const refused = await requestChange(`students/${mine.id}`, token, { phone: '0589990005' });
      expect(refused.statusCode, type).toBe(403);
      expect((await verifyChange(`students/${mine.id}`, token, '123456')).statusCode, type).toBe(403);
    }
    // The student themselves has no edit of their own profile, so no change of their own either.
    const own = await requestChange(`students/${mine.id}`, mine.token, { phone: '0589990006' });
    expect(own.statusCode).toBe(403);
  });

  it('makes the change once when the right code is entered twice at once', async () => {
    const student = await newStudent();
    const path = `students/${student.id}`;
    await requestChange(path, teller.token, { phone: '0589990007' });
    const { code } = await lastMessageTo('+966589990007');
    const responses = await Promise.all([1, 2, 3].map(() => verifyChange(path, teller.token, code)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'student.contact-change'), eq(auditLog.entityId, String(student.id))));
    expect(changes).toHaveLength(1);
  });
});

describe("a corporate's login e-mail", () => {
  it('goes only with the code sent to the new e-mail; the representative columns follow, the old e-mail is told, sessions end', async () => {
    const body = {
      nameEn: 'Contact Change Catering',
      nameAr: 'تموين تغيير الاتصال',
      crNumber: '4050000001',
      representativeName: 'Nasser Al-Dossari',
      representativeEmail: 'nasser@catering.test',
      representativePhone: '0585000001',
      headOfficeRegion: 'SA-01',
      headOfficeCity: 'riyadh',
    };
    const created = await t.call({
      method: 'POST',
      url: '/api/corporates',
      token: admin.token,
      payload: body,
    });
    const id = created.json().id as number;
    const token = await tokenOf(t, body.crNumber, await lastSentPassword(t));

    const patched = await t.call({
      method: 'PATCH',
      url: `/api/corporates/${id}`,
      token: admin.token,
      payload: { ...body, representativeEmail: 'attacker@evil.test' },
    });
    expect(patched.json().fields).toEqual({ representativeEmail: 'CONTACT_CHANGE_NEEDS_CODE' });

    expect(
      (await requestChange(`corporates/${id}`, teller.token, { email: 'x@catering.test' })).statusCode,
    ).toBe(403);
    const sent = await requestChange(`corporates/${id}`, admin.token, { email: 'office@catering.test' });
    expect(sent.statusCode).toBe(200);
    const { code } = await lastMessageTo('office@catering.test');
    expect((await verifyChange(`corporates/${id}`, admin.token, code)).statusCode).toBe(200);

    const [corporate] = await t.db.select().from(corporates).where(eq(corporates.id, id));
    expect(corporate?.representativeEmail).toBe('office@catering.test');
    const [login] = await t.db.select().from(users).where(eq(users.id, corporate!.userId));
    expect(login?.email).toBe('office@catering.test');
    expect((await lastMessageTo('nasser@catering.test')).message?.body).toContain('o***@catering.test');
    expect(await sessionAlive(token)).toBe(401);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'corporate.contact-change'));
    expect(audit).toMatchObject({
      actorUserId: admin.userId,
      entityId: String(id),
      before: { email: 'nasser@catering.test' },
      after: { email: 'office@catering.test' },
    });
    expect(
      (await requestChange('corporates/999999', admin.token, { email: 'y@catering.test' })).statusCode,
    ).toBe(404);
  });
});
