import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCounters, usedChallenges, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/demo-users.ts';
import { solvedChallenge } from '../../test/challenge.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressSeed = 0;
/** Each scenario calls from its own addresses, so that one's counts do not reach the next. */
const newAddress = () => `192.0.2.${++addressSeed}`;

function login(
  email: string,
  password: string,
  options: { from: string; altcha?: string; lang?: 'en' | 'ar'; headers?: Record<string, string> },
) {
  const payload = options.altcha ? { email, password, altcha: options.altcha } : { email, password };
  return t.call({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: options.from,
    lang: options.lang,
    headers: options.headers,
  });
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Moves the last wrong try of an account from an address into the past, as if `seconds` had gone by. */
async function letTimePass(email: string, address: string, seconds: number) {
  await t.db
    .update(rateLimitCounters)
    .set({ windowStartsAt: sql`${rateLimitCounters.windowStartsAt} - make_interval(secs => ${seconds})` })
    .where(eq(rateLimitCounters.key, `login-pace:user:${await userIdOf(email)}:ip:${address}`));
}

describe('GET /api/auth/challenge', () => {
  it('gives anyone a signed proof-of-work challenge that expires, never cached', async () => {
    const response = await t.call({ method: 'GET', url: '/api/auth/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = response.json();
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 5000 });
    expect(parameters.expiresAt * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('nobody can lock anyone out', () => {
  it('after many wrong passwords from strangers, the owner logs in at once with a solved challenge', async () => {
    const email = 'instructor@tasreeh.test';
    for (let i = 0; i < 5; i++)
      expect((await login(email, `Wrong@${i}`, { from: newAddress() })).statusCode).toBe(401);
    // Beyond five wrong tries of the account, from anywhere, each try needs a solved challenge.
    const stranger = await login(email, 'Wrong@x', { from: newAddress() });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message: 'Please complete the verification that you are not a robot, then try again.',
      fields: { altcha: 'CHALLENGE_REQUIRED' },
    });
    for (let i = 0; i < 10; i++) {
      const guess = await login(email, `Wrong@${i}`, {
        from: newAddress(),
        altcha: await solvedChallenge(t),
      });
      expect(guess.statusCode).toBe(401);
    }
    const owner = newAddress();
    const withoutChallenge = await login(email, DEMO_PASSWORD, { from: owner, lang: 'ar' });
    expect(withoutChallenge.statusCode).toBe(400);
    expect(withoutChallenge.json().message).toBe(
      'يرجى إكمال التحقق من أنك لست روبوتاً، ثم المحاولة مرة أخرى.',
    );
    const ok = await login(email, DEMO_PASSWORD, { from: owner, altcha: await solvedChallenge(t) });
    expect(ok.statusCode).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(
      [
        'access_token',
        'changePassword',
        'corporateId',
        'name',
        'privileges',
        'status',
        'studentId',
        'type',
        'userId',
      ].sort(),
    );
  });

  it('treats a login that names no account as one that does (no way to tell them apart)', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('ghost@tasreeh.test', `Wrong@${i}`, { from: newAddress() })).statusCode).toBe(401);
    expect((await login('ghost@tasreeh.test', 'Wrong@x', { from: newAddress() })).json().code).toBe(
      'CHALLENGE_REQUIRED',
    );
    const keys = await t.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, 'login-free:login:%'));
    // The typed name may be a mistyped password: it is kept only as a hash.
    expect(JSON.stringify(keys)).not.toContain('ghost');
  });
});

describe('one address trying one account', () => {
  it('waits 1, 2, 4… seconds after three wrong passwords in a row: 429 with Retry-After, no sleeping', async () => {
    const email = 'examiner@tasreeh.test';
    const from = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(email, `Wrong@${i}`, { from })).statusCode).toBe(401);
    const early = await login(email, 'Wrong@3', { from });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(early.json()).toMatchObject({
      code: 'LOGIN_WAIT',
      params: { seconds: 1 },
      message: 'Too many failed attempts. Please try again in 1 seconds.',
    });
    // Even the right password waits its turn from this address…
    expect((await login(email, DEMO_PASSWORD, { from })).statusCode).toBe(429);
    // …but not from another one: a stranger's address does not slow the owner down.
    expect((await login(email, DEMO_PASSWORD, { from: newAddress() })).statusCode).toBe(200);

    await letTimePass(email, from, 1);
    expect((await login(email, 'Wrong@4', { from })).statusCode).toBe(401);
    const next = await login(email, 'Wrong@5', { from, lang: 'ar' });
    expect(next.statusCode).toBe(429);
    expect(next.headers['retry-after']).toBe('2');
    expect(next.json().message).toBe('محاولات فاشلة كثيرة. يرجى المحاولة مرة أخرى بعد 2 ثانية.');
    await letTimePass(email, from, 2);
    expect((await login(email, 'Wrong@6', { from })).statusCode).toBe(401);
    expect((await login(email, 'Wrong@7', { from })).headers['retry-after']).toBe('4');
  });

  it('starts afresh after the right password', async () => {
    const email = 'headofit@tasreeh.test';
    const from = newAddress();
    for (let i = 0; i < 2; i++) await login(email, `Wrong@${i}`, { from });
    expect((await login(email, DEMO_PASSWORD, { from })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(email, `Wrong@${i}`, { from })).statusCode).toBe(401);
  });

  it('lets one of parallel guesses from one address through when its turn comes, and no more', async () => {
    const email = 'trainingmanager@tasreeh.test';
    const from = newAddress();
    // Nine wrong in a row from here, the last 65 s ago: the turn (64 s) has come; the next is 128 s away.
    await t.db.insert(rateLimitCounters).values({
      key: `login-pace:user:${await userIdOf(email)}:ip:${from}`,
      count: 9,
      windowStartsAt: sql`now() - interval '65 seconds'`,
    });
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `Wrong@${i}`, { from })))
    ).map((response) => response.statusCode);
    // One password checked; the others refused before theirs was (wait, or the account's free tries gone).
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429 || status === 400)).toHaveLength(29);
  });

  it('checks at most five passwords of parallel guesses from many addresses without a challenge', async () => {
    const email = 'manager@tasreeh.test';
    const statuses = (
      await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(email, `Wrong@${i}`, { from: `198.18.7.${i + 1}` })),
      )
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThanOrEqual(25);
  });
});

describe('one address trying many accounts', () => {
  it('asks for a challenge after 20 wrong passwords in 15 minutes, from any account, but locks none', async () => {
    const from = newAddress();
    for (let i = 0; i < 20; i++)
      expect((await login(`nobody${i}@tasreeh.test`, 'Wrong@2026', { from })).statusCode).toBe(401);
    expect((await login('ceo@tasreeh.test', DEMO_PASSWORD, { from })).json().code).toBe('CHALLENGE_REQUIRED');
    expect(
      (await login('ceo@tasreeh.test', DEMO_PASSWORD, { from, altcha: await solvedChallenge(t) })).statusCode,
    ).toBe(200);
    // The same account from another address needs nothing.
    expect((await login('ceo@tasreeh.test', DEMO_PASSWORD, { from: newAddress() })).statusCode).toBe(200);
  });
});

describe('a solved challenge', () => {
  async function needChallenge(email: string) {
    for (let i = 0; i < 5; i++) await login(email, `Wrong@${i}`, { from: newAddress() });
  }

  it('is good once, remembered in the database (so in every API process) until it expires', async () => {
    const email = 'cfo@tasreeh.test';
    await needChallenge(email);
    const altcha = await solvedChallenge(t);
    expect((await login(email, 'Wrong@x', { from: newAddress(), altcha })).statusCode).toBe(401);
    const again = await login(email, DEMO_PASSWORD, { from: newAddress(), altcha });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CHALLENGE_REQUIRED');
    const [used] = await t.db.select().from(usedChallenges).limit(1);
    expect((used?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(5 * 60_000);
    // The table is the only memory: without its row, the same solution would pass again.
    await t.db.delete(usedChallenges);
    expect((await login(email, DEMO_PASSWORD, { from: newAddress(), altcha })).statusCode).toBe(200);
  });

  it('must be one of ours, unaltered and right', async () => {
    const email = 'coo@tasreeh.test';
    await needChallenge(email);
    const altcha = await solvedChallenge(t);
    const { challenge, solution } = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const otherKey = `${solution.derivedKey.slice(0, -2)}${solution.derivedKey.endsWith('00') ? '11' : '00'}`;
    for (const forged of [
      'not base64 at all',
      encode({ challenge, solution: { ...solution, derivedKey: otherKey } }),
      encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution }),
      encode({ challenge: { ...challenge, signature: '0'.repeat(64) }, solution }),
    ]) {
      const response = await login(email, DEMO_PASSWORD, { from: newAddress(), altcha: forged });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CHALLENGE_REQUIRED');
    }
    expect((await login(email, DEMO_PASSWORD, { from: newAddress(), altcha })).statusCode).toBe(200);
  });
});

describe('a logged-in change with wrong old passwords', () => {
  it('is paced like logins from that address, and counts toward the account’s free tries', async () => {
    const from = newAddress();
    const { token } = await t.loginAs('branchaccountant');
    const change = (oldPassword: string) =>
      t.call({
        method: 'POST',
        url: '/api/auth/reset-password',
        token,
        payload: { oldPassword, newPassword: 'harbourlight9' },
        remoteAddress: from,
      });
    for (let i = 0; i < 3; i++) expect((await change(`Wrong@${i}`)).statusCode).toBe(401);
    expect((await change('Wrong@3')).statusCode).toBe(429);
    await letTimePass('branchaccountant@tasreeh.test', from, 10);
    expect((await change('Wrong@4')).statusCode).toBe(401);
    // Four wrong here and one at login: the account's fifth free try is used up.
    expect((await login('branchaccountant@tasreeh.test', 'Wrong@5', { from: newAddress() })).statusCode).toBe(
      401,
    );
    expect(
      (await login('branchaccountant@tasreeh.test', DEMO_PASSWORD, { from: newAddress() })).json().code,
    ).toBe('CHALLENGE_REQUIRED');
  });
});

describe('the address a request comes from', () => {
  const forwardedFrom = (client: string) => ({ 'x-forwarded-for': client });

  async function addressKeys(): Promise<string[]> {
    const rows = await t.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, 'login-free:ip:%'));
    return rows.map((row) => row.key);
  }

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot choose its address', async () => {
    const from = newAddress();
    for (let i = 0; i < 20; i++)
      await login(`nobody${i}@tasreeh.test`, 'Wrong@2026', {
        from,
        headers: forwardedFrom(`203.0.113.${i + 1}`),
      });
    const response = await login('student@tasreeh.test', DEMO_PASSWORD, {
      from,
      headers: forwardedFrom('203.0.113.200'),
    });
    expect(response.json().code).toBe('CHALLENGE_REQUIRED');
    expect((await addressKeys()).some((key) => key.includes('203.0.113.'))).toBe(false);
  });

  it('counts each client behind a proxy that TRUST_PROXY names on its own, and only behind it', async () => {
    const proxied = await buildTestApp({ env: { TRUST_PROXY: '10.20.30.40' } });
    try {
      const call = (client: string, remoteAddress: string, email: string, password: string) =>
        proxied.call({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password },
          remoteAddress,
          headers: forwardedFrom(client),
        });
      for (let i = 0; i < 25; i++)
        expect(
          (await call(`203.0.113.${i + 1}`, '10.20.30.40', `nobody${i}@tasreeh.test`, 'x')).statusCode,
        ).toBe(401);
      // Twenty-five wrong logins came through the proxy, from 25 clients: nobody else behind it is asked for anything.
      expect(
        (await call('203.0.113.99', '10.20.30.40', 'student@tasreeh.test', DEMO_PASSWORD)).statusCode,
      ).toBe(200);
      // A request that does not come from the named proxy is counted by its own address.
      await call('203.0.113.77', '198.51.100.9', 'nobody@tasreeh.test', 'x');
      const keys = await proxied.db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, 'login-free:ip:%'));
      const addresses = keys.map((row) => row.key.replace('login-free:ip:', ''));
      expect(addresses).toContain('203.0.113.1');
      expect(addresses).toContain('198.51.100.9');
      expect(addresses).not.toContain('203.0.113.77');
      expect(addresses).not.toContain('10.20.30.40');
    } finally {
      await proxied.close();
    }
  });
});
