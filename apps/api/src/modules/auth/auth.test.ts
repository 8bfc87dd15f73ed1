import { BACK_OFFICE_TYPES, dashboardPathOf, USER_TYPES } from '@tasreeh/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, idempotencyKeys, users } from '../../db/schema/index.ts';
import {
  DEMO_CORPORATE_CR,
  DEMO_PASSWORD,
  DEMO_STUDENT_ID_NUMBER,
  demoEmailOf,
} from '../../seed/demo-users.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password }, lang });

describe('POST /api/auth/login', () => {
  it.each(USER_TYPES)('logs in the demo %s and answers with the spec fields', async (type) => {
    const response = await login(demoEmailOf(type), DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ type, status: 'active', changePassword: type === 'corporate' });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.userId).toBe('number');
    expect(Array.isArray(body.privileges)).toBe(true);
    expect(body.studentId === null).toBe(type !== 'student');
    expect(body.corporateId === null).toBe(type !== 'corporate');
    expect(dashboardPathOf(body.type)).toMatch(
      /^\/(admin|student|corporate|instructor|examiner|center)\/dashboard$/,
    );
  });

  it('gives super admin every flag of every resource and a teller only its group', async () => {
    const admin = (await login('superadmin@tasreeh.test', DEMO_PASSWORD)).json();
    expect(admin.privileges.length).toBeGreaterThanOrEqual(15);
    expect(
      admin.privileges.every((p: Record<string, boolean>) => p.read && p.create && p.edit && p.delete),
    ).toBe(true);
    const teller = (await login('teller@tasreeh.test', DEMO_PASSWORD)).json();
    expect(teller.privileges.find((p: { id: number }) => p.id === 1)).toBeUndefined();
    expect(teller.privileges.find((p: { id: number }) => p.id === 9)).toMatchObject({
      read: true,
      create: true,
    });
  });

  it('accepts a student ID number, a corporate CR number, a username, and any e-mail case', async () => {
    expect((await login(DEMO_STUDENT_ID_NUMBER, DEMO_PASSWORD)).json().type).toBe('student');
    expect((await login(DEMO_CORPORATE_CR, DEMO_PASSWORD)).json().type).toBe('corporate');
    expect((await login('teller', DEMO_PASSWORD)).json().type).toBe('Teller');
    expect((await login('  SuperAdmin@Tasreeh.TEST ', DEMO_PASSWORD)).json().type).toBe('super admin');
  });

  it('refuses wrong credentials with 401 "Invalid email or password", in Arabic too', async () => {
    const wrong = await login('student@tasreeh.test', 'Wrong@2026');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    const unknown = await login('nobody@tasreeh.test', DEMO_PASSWORD, 'ar');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('answers missing or blank fields with 400 "Please fill out all fields."', async () => {
    for (const payload of [
      {},
      { email: 'a@b.c' },
      { password: 'x' },
      { email: '   ', password: 'x' },
      { email: 'a@b.c', password: '' },
    ]) {
      const response = await t.call({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'FILL_ALL_FIELDS',
        message: 'Please fill out all fields.',
      });
    }
  });

  it('refuses smuggled fields with 400 and never uses them', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: 'student@tasreeh.test',
        password: DEMO_PASSWORD,
        type: 'super admin',
        privileges: [],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_FIELD',
      fields: { type: 'UNKNOWN_FIELD', privileges: 'UNKNOWN_FIELD' },
    });
  });

  it('refuses a deactivated account with a clear message', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'coo@tasreeh.test'));
    const response = await login('coo@tasreeh.test', DEMO_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_INACTIVE');
    await t.db.update(users).set({ status: 'active' }).where(eq(users.email, 'coo@tasreeh.test'));
  });
});

describe('POST /api/auth/test-token and logout', () => {
  it('returns privileges and type for a live session, and 401 once logged out', async () => {
    const { token, userId } = await t.loginAs('Teller');
    const ok = await t.call({
      method: 'POST',
      url: '/api/auth/test-token',
      token,
      payload: { token, userId },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ type: 'Teller', userId });
    expect((await t.call({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(200);
    const after = await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a missing, forged or mismatched token', async () => {
    const { token, userId } = await t.loginAs('manager');
    expect((await t.call({ method: 'POST', url: '/api/auth/test-token', payload: {} })).statusCode).toBe(401);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: forged, payload: {} })).statusCode,
    ).toBe(401);
    const other = await t.call({
      method: 'POST',
      url: '/api/auth/test-token',
      token,
      payload: { userId: userId + 1 },
    });
    expect(other.statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm ("none")', async () => {
    const { token } = await t.loginAs('CEO');
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: unsigned, payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it('ends every session of a user at once when the user is deactivated', async () => {
    const { token } = await t.loginAs('DevTeam');
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'devteam@tasreeh.test'));
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).statusCode,
    ).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.email, 'devteam@tasreeh.test'));
  });

  it('reflects a change of the permission group on the next call', async () => {
    const { token } = await t.loginAs('Amanah');
    const before = (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json();
    expect(before.privileges.find((p: { id: number }) => p.id === 3)).toBeUndefined();
    await t.db.execute(
      sql`update permission_groups set privileges = privileges || '{"3":{"read":true,"create":false,"edit":false,"delete":false}}'::jsonb
          where id = (select permission_group_id from users where email = 'amanah@tasreeh.test')`,
    );
    const after = (await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} })).json();
    expect(after.privileges.find((p: { id: number }) => p.id === 3)).toMatchObject({
      read: true,
      create: false,
    });
  });
});

describe('POST /api/auth/reset-password (logged-in change)', () => {
  const change = (token: string, oldPassword: string, newPassword: string, lang?: 'en' | 'ar') =>
    t.call({
      method: 'POST',
      url: '/api/auth/reset-password',
      token,
      payload: { oldPassword, newPassword },
      lang,
    });

  it('refuses without a session', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { oldPassword: 'a', newPassword: 'b' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers a wrong old password with 401 "Password is incorrect" and data.statusCode 401', async () => {
    const { token } = await t.loginAs('HeadOfIT');
    const response = await change(token, 'NotMine@2026', 'newpass123');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Password is incorrect', data: { statusCode: 401 } });
  });

  it.each([
    ['short1', 'PASSWORD_MORE_THAN_8', 'Password must be more than 8 characters long.'],
    ['NOLOWER123', 'PASSWORD_ONE_LOWERCASE', 'Password must contain at least one lowercase letter.'],
    ['nodigitshere', 'PASSWORD_ONE_NUMBER', 'Password must contain at least one number.'],
    [DEMO_PASSWORD, 'NEW_PASSWORD_SAME_AS_OLD', 'New password cannot be the same as the old password!'],
  ])('refuses %s with the change-flow message', async (newPassword, code, message) => {
    const { token } = await t.loginAs('CFO');
    const response = await change(token, DEMO_PASSWORD, newPassword);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message });
  });

  it('refuses a password on the list of the 10,000 most common ones, in any letter case', async () => {
    const { token } = await t.loginAs('CFO');
    for (const newPassword of ['password1', 'Qwerty123', 'abcdefg1']) {
      const response = await change(token, DEMO_PASSWORD, newPassword);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'PASSWORD_TOO_COMMON',
        message: 'This password is one of the most commonly used. Please choose another.',
        fields: { newPassword: 'PASSWORD_TOO_COMMON' },
      });
    }
    const arabic = await change(token, DEMO_PASSWORD, 'password1', 'ar');
    expect(arabic.json().message).toBe(
      'كلمة المرور هذه من أكثر كلمات المرور استخداماً. يرجى اختيار كلمة مرور أخرى.',
    );
  });

  it('changes the password (8 characters, no uppercase or symbol needed), clears the first-login flag and ends other sessions', async () => {
    // The demo corporate must change its password: logged in as it is, not settled by loginAs.
    const first = { token: (await login(demoEmailOf('corporate'), DEMO_PASSWORD)).json().access_token };
    const second = { token: (await login(demoEmailOf('corporate'), DEMO_PASSWORD)).json().access_token };
    const response = await change(second.token, DEMO_PASSWORD, 'quietfox7', 'ar');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { statusCode: 200, message: 'تم تغيير كلمة المرور بنجاح!' } });
    const relogin = await login(demoEmailOf('corporate'), 'quietfox7');
    expect(relogin.json().changePassword).toBe(false);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: first.token, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: second.token, payload: {} }))
        .statusCode,
    ).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password.change'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { changePassword: true }, after: { changePassword: false } });
    expect(JSON.stringify(audit)).not.toContain('quietfox7');
  });
});

describe('a password change sent again with its Idempotency-Key', () => {
  it('answers as the first time without changing anything again; another body with that key is 422', async () => {
    const { token, userId } = await t.loginAs('Amanah');
    const send = (newPassword: string) =>
      t.call({
        method: 'POST',
        url: '/api/auth/reset-password',
        token,
        headers: { 'idempotency-key': 'change-amanah-1' },
        payload: { oldPassword: DEMO_PASSWORD, newPassword },
      });
    const first = await send('copperkite4');
    expect(first.statusCode).toBe(200);
    // The answer was lost on the way; the browser sends the same request with the same key.
    const again = await send('copperkite4');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const changes = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password.change'));
    expect(changes.filter((row) => row.entityId === String(userId))).toHaveLength(1);
    expect((await send('otherkite5')).statusCode).toBe(422);
    expect((await login('amanah@tasreeh.test', 'copperkite4')).statusCode).toBe(200);
    const stored = await t.db.select().from(idempotencyKeys);
    expect(JSON.stringify(stored)).not.toContain('copperkite4');
  });
});

describe('POST /api/check-user-exists', () => {
  it('masks the phone but for its last 2 digits and returns the user id', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/check-user-exists',
      payload: { email: 'Student@Tasreeh.test' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.exists).toBe(true);
    expect(body.phone).toMatch(/^\*+\d{2}$/);
    expect(body.userId).toBe(body.id);
    expect(JSON.stringify(body)).not.toMatch(/\d{3,}/);
  });

  it('answers an unknown e-mail with exists false and "Email does not exist"', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/check-user-exists',
      payload: { email: 'ghost@tasreeh.test' },
    });
    expect(response.json()).toEqual({ exists: false, message: 'Email does not exist' });
  });

  it('asks for the e-mail when it is blank', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/check-user-exists',
      payload: { email: '' },
      lang: 'ar',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ENTER_EMAIL', message: 'يرجى إدخال بريدك الإلكتروني' });
  });
});

describe('the demo seed', () => {
  it('has one account for every back-office type, student, corporate, instructor, examiner and centre', async () => {
    const rows = await t.db.select({ type: users.type, email: users.email }).from(users);
    const others = [
      'student',
      'corporate',
      'Instructor',
      'Examiner',
      'training center',
      'medical center',
    ] as const;
    for (const type of [...BACK_OFFICE_TYPES, ...others]) {
      expect(rows).toContainEqual({ type, email: demoEmailOf(type) });
    }
  });
});

describe('test-token body', () => {
  it('refuses a body token that is not the bearer token', async () => {
    const { token } = await t.loginAs('COO');
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/test-token',
      token,
      payload: { token: 'abc' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('check-user-exists for an inactive account', () => {
  it('says it does not exist, as create-otp does', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'headofit@tasreeh.test'));
    const response = await t.call({
      method: 'POST',
      url: '/api/check-user-exists',
      payload: { email: 'headofit@tasreeh.test' },
    });
    expect(response.json()).toEqual({ exists: false, message: 'Email does not exist' });
    await t.db.update(users).set({ status: 'active' }).where(eq(users.email, 'headofit@tasreeh.test'));
  });
});
