import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outbox, rateLimitCounters, users } from '../../../db/schema/index.ts';
import { solvedChallenge } from '../../../test/challenge.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressSeed = 0;
/** Each scenario calls from its own address, so per-address limits of one do not leak into the next. */
function newAddress(): string {
  addressSeed++;
  return `203.0.113.${addressSeed}`;
}

/** Asks for a code; a phone check comes with a solved challenge, as the web's OTP step sends it, unless `altcha` is given. */
async function createOtp(payload: Record<string, unknown>, remoteAddress = newAddress(), lang?: 'en' | 'ar') {
  const isPhoneCheck = !payload.email && !('altcha' in payload);
  const body = isPhoneCheck ? { ...payload, altcha: await solvedChallenge(t) } : payload;
  return t.call({ method: 'POST', url: '/api/users/create-otp', payload: body, remoteAddress, lang });
}

async function sentTo(phone: string): Promise<number> {
  const rows = await t.db.select().from(outbox).where(eq(outbox.recipient, phone));
  return rows.length;
}

async function verifyOtp(id: string, otp: string, remoteAddress = newAddress()) {
  return t.call({ method: 'POST', url: '/api/users/verify-otp', payload: { id, otp }, remoteAddress });
}

/** The code of the newest outbox message to a phone, as a user would read it on their phone. */
async function codeSentTo(phone: string): Promise<string> {
  const [message] = await t.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, phone))
    .orderBy(sql`${outbox.id} desc`)
    .limit(1);
  const code = message?.body.match(/\d{4,6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Moves the hourly send counts into the past, as if an hour had gone by. */
async function letHourPass() {
  await t.db
    .update(rateLimitCounters)
    .set({ windowStartsAt: sql`now() - interval '61 minutes'` })
    .where(sql`${rateLimitCounters.key} like 'otp-send-hour:%'`);
}

/** Moves the resend cooldown of every subject into the past, as if 120 s had gone by. */
async function letCooldownPass() {
  await t.db
    .update(rateLimitCounters)
    .set({ windowStartsAt: sql`now() - interval '121 seconds'` })
    .where(sql`${rateLimitCounters.key} like 'otp-cooldown:%'`);
}

async function phoneOf(email: string): Promise<string> {
  const [row] = await t.db.select({ phone: users.phone }).from(users).where(eq(users.email, email));
  if (!row?.phone) throw new Error(`no phone for ${email}`);
  return row.phone;
}

describe('password reset: create-otp → verify-otp → update-password', () => {
  it('sends a 6-digit code to the phone, verifies it, and sets the new password once', async () => {
    const phone = await phoneOf('student@tasreeh.test');
    const created = await createOtp({ email: 'student@tasreeh.test' });
    expect(created.statusCode).toBe(200);
    const { data, message } = created.json();
    expect(message).toBe('A new OTP has been sent to your phone');
    expect(data).toMatchObject({ digits: 6, resendAfterSeconds: 120 });
    expect(data.phone).toMatch(/^\*+\d{2}$/);
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verifyOtp(data.id, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('OTP verified successfully. Please set a new password.');
    const { grant, userId } = verified.json().data;

    const { token: oldToken } = await t.loginAs('student');
    const update = (payload: Record<string, unknown>, lang?: 'en' | 'ar') =>
      t.call({ method: 'POST', url: '/api/users/update-password', payload, lang });
    const weak = await update({ userId, password: 'weakpass', rePassword: 'weakpass', resetToken: grant });
    expect(weak.json()).toMatchObject({
      code: 'PASSWORD_UPPERCASE',
      message: 'Password must contain an uppercase letter.',
    });
    const common = await update(
      { userId, password: 'P@ssw0rd', rePassword: 'P@ssw0rd', resetToken: grant },
      'ar',
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      message: 'كلمة المرور هذه من أكثر كلمات المرور استخداماً. يرجى اختيار كلمة مرور أخرى.',
      fields: { password: 'PASSWORD_TOO_COMMON' },
    });
    const mismatch = await update(
      { userId, password: 'Strong@2027', rePassword: 'Strong@2028', resetToken: grant },
      'ar',
    );
    expect(mismatch.json()).toMatchObject({
      code: 'PASSWORDS_DO_NOT_MATCH',
      message: 'كلمتا المرور غير متطابقتين',
    });
    const ok = await update({
      userId,
      password: 'Strong@2027',
      rePassword: 'Strong@2027',
      resetToken: grant,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password updated successfully!' });

    expect(
      (await t.call({ method: 'POST', url: '/api/auth/test-token', token: oldToken, payload: {} }))
        .statusCode,
    ).toBe(401);
    const again = await update({
      userId,
      password: 'Other@2027',
      rePassword: 'Other@2027',
      resetToken: grant,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('RESET_EXPIRED');
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'student@tasreeh.test', password: 'Strong@2027' },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['', 'ENTER_NEW_PASSWORD', 'Please enter a new password'],
    ['Ab1!', 'PASSWORD_MIN_8', 'Password must be at least 8 characters.'],
    ['abcdefg1!', 'PASSWORD_UPPERCASE', 'Password must contain an uppercase letter.'],
    ['ABCDEFG1!', 'PASSWORD_LOWERCASE', 'Password must contain a lowercase letter.'],
    ['Abcdefgh!', 'PASSWORD_NUMBER', 'Password must contain a number.'],
    ['Abcdefgh1', 'PASSWORD_SPECIAL', 'Password must contain a special character.'],
  ])('refuses the new password %j with "%s" before looking at the grant', async (password, code, message) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/users/update-password',
      payload: { userId: 1, password, rePassword: password, resetToken: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, message });
  });

  it('never changes a password on a bare user id or on a grant of another user', async () => {
    const bare = await t.call({
      method: 'POST',
      url: '/api/users/update-password',
      payload: { userId: 1, password: 'Strong@2027', rePassword: 'Strong@2027' },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('USER_INFO_MISSING');

    const phone = await phoneOf('ceo@tasreeh.test');
    const { data } = (await createOtp({ email: 'ceo@tasreeh.test' })).json();
    const { grant, userId } = (await verifyOtp(data.id, await codeSentTo(phone))).json().data;
    const stolen = await t.call({
      method: 'POST',
      url: '/api/users/update-password',
      payload: { userId: userId - 1, password: 'Strong@2027', rePassword: 'Strong@2027', resetToken: grant },
    });
    expect(stolen.statusCode).toBe(401);
  });

  it('answers a reset sent again with its Idempotency-Key as the first time', async () => {
    const email = 'coo@tasreeh.test';
    const { data } = (await createOtp({ email })).json();
    const { grant, userId } = (await verifyOtp(data.id, await codeSentTo(await phoneOf(email)))).json().data;
    const send = () =>
      t.call({
        method: 'POST',
        url: '/api/users/update-password',
        headers: { 'idempotency-key': 'reset-coo-1' },
        payload: { userId, password: 'Harbour@2027', rePassword: 'Harbour@2027', resetToken: grant },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('answers an unknown e-mail with 404 "Email does not exist"', async () => {
    const response = await createOtp({ email: 'ghost@tasreeh.test' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Email does not exist');
  });
});

describe('the forgot-password shape of spec §7: { email, phone }', () => {
  it('accepts the masked phone check-user-exists showed, and sends only to the stored phone', async () => {
    const email = 'manager@tasreeh.test';
    const check = await t.call({ method: 'POST', url: '/api/check-user-exists', payload: { email } });
    const masked = check.json().phone;
    expect(masked).toMatch(/^\*+\d{2}$/);
    const created = await createOtp({ email, phone: masked });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ phone: masked, digits: 6 });
    expect(await sentTo(await phoneOf(email))).toBe(1);
  });

  it('refuses a phone that is not the account’s, masked or whole, and sends nothing to it', async () => {
    const email = 'cfo@tasreeh.test';
    const stored = await phoneOf(email);
    const otherMask = `${'*'.repeat(10)}${stored.endsWith('00') ? '11' : '00'}`;
    for (const phone of [otherMask, '0557770001']) {
      const response = await createOtp({ email, phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'PHONE_INVALID', fields: { phone: 'PHONE_INVALID' } });
    }
    expect(await sentTo('+966557770001')).toBe(0);
    expect(await sentTo(stored)).toBe(0);
  });

  it('refuses a masked phone without an e-mail', async () => {
    const response = await createOtp({ phone: '**********33' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PHONE_INVALID');
  });
});

describe('a code to a phone alone (registration)', () => {
  it('needs a solved challenge, for any number, before anything is counted or sent', async () => {
    const address = newAddress();
    for (const phone of ['0551212121', await phoneOf('student@tasreeh.test')]) {
      const response = await createOtp({ phone, altcha: undefined }, address);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'CHALLENGE_REQUIRED',
        fields: { altcha: 'CHALLENGE_REQUIRED' },
      });
    }
    expect(await sentTo('+966551212121')).toBe(0);
    const [counted] = await t.db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `otp-send:ip:${address}`));
    expect(counted).toBeUndefined();
    expect((await createOtp({ phone: '0551212121' }, address)).statusCode).toBe(200);
  });

  it('takes a solution once', async () => {
    const altcha = await solvedChallenge(t);
    expect((await createOtp({ phone: '0551313131', altcha })).statusCode).toBe(200);
    const again = await createOtp({ phone: '0551414141', altcha });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CHALLENGE_REQUIRED');
  });
});

describe('one-time code rules', () => {
  it('sends a 4-digit code for a phone check, normalising a local number and Arabic digits', async () => {
    const created = await createOtp({ phone: '٠٥٥١١١٢٢٣٣' });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ digits: 4, phone: '**********33' });
    const code = await codeSentTo('+966551112233');
    expect(code).toMatch(/^\d{4}$/);
    const verified = await verifyOtp(created.json().data.id, code);
    expect(verified.json()).toMatchObject({
      message: 'Verification successful!',
      data: { verified: true, userId: null },
    });
  });

  it('refuses a bad phone with "Phone number must be valid"', async () => {
    const response = await createOtp({ phone: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PHONE_INVALID');
  });

  it('answers a wrong code with "OTP is not valid", and the fifth wrong try burns the code', async () => {
    const created = (await createOtp({ phone: '0552223344' })).json();
    const code = await codeSentTo('+966552223344');
    const wrong = code === '0000' ? '1111' : '0000';
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const response = await verifyOtp(created.data.id, wrong, address);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('OTP is not valid');
    }
    expect((await verifyOtp(created.data.id, code, address)).statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const created = (await createOtp({ phone: '0553334455' })).json();
    const code = await codeSentTo('+966553334455');
    await t.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.id, created.data.id));
    expect((await verifyOtp(created.data.id, code)).json().code).toBe('OTP_INVALID');
  });

  it('stores codes hashed, never as they were sent', async () => {
    const created = (await createOtp({ phone: '0554445566' })).json();
    const code = await codeSentTo('+966554445566');
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, created.data.id));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash.length).toBeGreaterThan(20);
  });

  it('issues a new code only after 120 s, in the caller language, and the new one replaces the old', async () => {
    const first = (await createOtp({ phone: '0555556677' })).json();
    const firstCode = await codeSentTo('+966555556677');
    const early = await createOtp({ phone: '0555556677' }, newAddress(), 'ar');
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('OTP_RESEND_WAIT');
    expect(early.json().params.seconds).toBeGreaterThan(100);
    expect(early.json().message).toContain('ثانية');
    await letCooldownPass();
    const second = await createOtp({ phone: '0555556677' });
    expect(second.statusCode).toBe(200);
    expect((await verifyOtp(first.data.id, firstCode)).statusCode).toBe(400);
  });

  it('binds a code to its purpose: a phone-check grant cannot reset a password', async () => {
    const phone = await phoneOf('coo@tasreeh.test');
    const created = (await createOtp({ phone })).json();
    const { grant } = (await verifyOtp(created.data.id, await codeSentTo(phone))).json().data;
    const check = await t.call({
      method: 'POST',
      url: '/api/check-user-exists',
      payload: { email: 'coo@tasreeh.test' },
    });
    const response = await t.call({
      method: 'POST',
      url: '/api/users/update-password',
      payload: {
        userId: check.json().userId,
        password: 'Strong@2027',
        rePassword: 'Strong@2027',
        resetToken: grant,
      },
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts one of twenty parallel verifications of one right code', async () => {
    const created = (await createOtp({ phone: '0556667788' })).json();
    const code = await codeSentTo('+966556667788');
    const responses = await Promise.all(Array.from({ length: 20 }, () => verifyOtp(created.data.id, code)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
  });

  it('stops a subject after 10 wrong codes in a day, across resends', async () => {
    const phone = '0557778899';
    for (let round = 0; round < 2; round++) {
      const created = (await createOtp({ phone })).json();
      const code = await codeSentTo('+966557778899');
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i++) await verifyOtp(created.data.id, wrong);
      await letCooldownPass();
    }
    const blocked = await createOtp({ phone });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('OTP_DAILY_LIMIT');
  });

  it('caps sends per phone per day', async () => {
    const phone = '0558889900';
    for (let i = 0; i < 10; i++) {
      expect((await createOtp({ phone })).statusCode).toBe(200);
      await letCooldownPass();
      await letHourPass();
    }
    expect((await createOtp({ phone })).statusCode).toBe(429);
  });

  it('caps sends per phone at 5 an hour, reset codes and phone checks together, with a clear message', async () => {
    const email = 'amanah@tasreeh.test';
    const phone = await phoneOf(email);
    for (let i = 0; i < 5; i++) {
      const created = i % 2 === 0 ? await createOtp({ phone }) : await createOtp({ email });
      expect(created.statusCode).toBe(200);
      await letCooldownPass();
    }
    const refused = await createOtp({ phone }, newAddress(), 'ar');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json()).toMatchObject({
      code: 'OTP_HOURLY_LIMIT',
      message: 'أُرسلت رموز كثيرة إلى هذا الرقم أو الحساب خلال الساعة الماضية. يرجى المحاولة لاحقاً.',
    });
    expect((await createOtp({ email })).json().message).toBe(
      'Too many codes have been sent to this number or account in the last hour. Please try again later.',
    );
    expect(await sentTo(phone)).toBe(5);
  });

  it('caps reset codes per account at 5 an hour, whatever its phone', async () => {
    const email = 'teller@tasreeh.test';
    for (let i = 0; i < 5; i++) {
      expect((await createOtp({ email })).statusCode).toBe(200);
      await letCooldownPass();
    }
    await t.db.update(users).set({ phone: '+966501234987' }).where(eq(users.email, email));
    const refused = await createOtp({ email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('OTP_HOURLY_LIMIT');
    expect(await sentTo('+966501234987')).toBe(0);
  });

  it('caps sends per address at 60 an hour', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        (await createOtp({ phone: `05590000${String(i).padStart(2, '0')}` }, address)).statusCode,
      );
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('refuses malformed ids and codes with 400', async () => {
    expect((await verifyOtp('not-a-uuid', '1234')).statusCode).toBe(400);
    expect((await verifyOtp('00000000-0000-4000-8000-000000000000', 'abcd')).statusCode).toBe(400);
    expect((await createOtp({})).statusCode).toBe(400);
  });
});

describe('limits before any lookup', () => {
  it('stops testing e-mails through create-otp after 60 an hour from one address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await createOtp({ email: `ghost${i}@tasreeh.test` }, address)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('refuses update-password without a live grant before hashing, and limits it per address', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.call({
        method: 'POST',
        url: '/api/users/update-password',
        payload: { userId: 1, password: 'Strong@2027', rePassword: 'Strong@2027', resetToken: `guess-${i}` },
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
