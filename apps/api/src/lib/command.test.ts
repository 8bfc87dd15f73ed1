import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, idempotencyKeys } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';
import { command, hashRequest } from './command.ts';
import type { Ctx } from './context.ts';
import { anyone, definePolicy } from './policy.ts';

const testPolicy = definePolicy({
  area: 'command-test',
  routes: {},
  rules: { any: anyone, none: () => false },
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
});
afterAll(async () => {
  await t.close();
});

let seed = 0;
function newBranch() {
  seed++;
  return {
    nameEn: `Command Branch ${seed}`,
    nameAr: `فرع الأوامر ${seed}`,
    code: `cmd-${seed}`,
    type: 'sub',
    region: 'SA-14',
    city: 'abha',
  };
}

const createBranch = (payload: object, key?: string) =>
  t.call({
    method: 'POST',
    url: '/api/branches',
    token: admin,
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function branchCount(code: string) {
  const [row] = await t.db.select({ n: count() }).from(branches).where(eq(branches.code, code.toUpperCase()));
  return row?.n ?? 0;
}

describe('Idempotency-Key', () => {
  it('answers a replay with the first response and changes nothing twice', async () => {
    const body = newBranch();
    const first = await createBranch(body, 'replay-key-1');
    const second = await createBranch(body, 'replay-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await branchCount(body.code)).toBe(1);
  });

  it('refuses the same key with another request as 422', async () => {
    await createBranch(newBranch(), 'reused-key');
    const other = await createBranch(newBranch(), 'reused-key');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('keeps each caller’s keys apart', async () => {
    const teller = (await t.loginAs('super admin')).token;
    expect(teller).not.toBe(admin);
    // Same user, new session: still the same caller, so still a replay.
    const body = newBranch();
    await createBranch(body, 'per-caller');
    const again = await t.call({
      method: 'POST',
      url: '/api/branches',
      token: teller,
      payload: body,
      headers: { 'idempotency-key': 'per-caller' },
    });
    expect(again.statusCode).toBe(201);
    expect(await branchCount(body.code)).toBe(1);
  });

  it('refuses a malformed key before changing anything', async () => {
    const body = newBranch();
    const response = await createBranch(body, 'has spaces in it');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await branchCount(body.code)).toBe(0);
  });

  it('stores no key for a refused request, so a corrected retry can use it', async () => {
    const body = newBranch();
    const refused = await createBranch({ ...body, nameEn: '' }, 'after-refusal');
    expect(refused.statusCode).toBe(400);
    const taken = await createBranch({ ...newBranch(), code: 'RUH-01' }, 'after-conflict');
    expect(taken.statusCode).toBe(409);
    const [stored] = await t.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'after-conflict'));
    expect(stored?.n).toBe(0);
  });

  it('runs many identical requests with one key once, and each gets the same answer', async () => {
    const body = newBranch();
    const responses = await Promise.all(Array.from({ length: 12 }, () => createBranch(body, 'parallel-key')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(responses.map((response) => response.body)).size).toBe(1);
    expect(await branchCount(body.code)).toBe(1);
  });
});

describe('the command runner', () => {
  it('writes the audit row with before and after', async () => {
    const body = newBranch();
    const { id } = (await createBranch(body)).json();
    const edited = { ...body, nameEn: `${body.nameEn} renamed` };
    const response = await t.call({
      method: 'PATCH',
      url: `/api/branches/${id}`,
      token: admin,
      payload: edited,
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    const update = rows.find((row) => row.action === 'branch.update');
    expect(update).toMatchObject({
      entity: 'branches',
      before: { nameEn: body.nameEn },
      after: { ...edited, code: body.code.toUpperCase() },
    });
    expect(rows.some((row) => row.action === 'branch.create')).toBe(true);
  });

  it('answers identical creations at once with one success and the duplicate message, never a 500', async () => {
    const body = newBranch();
    const responses = await Promise.all(Array.from({ length: 12 }, () => createBranch(body)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201)).toEqual(Array(11).fill(409));
    expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'NAME_EXISTS')).toBe(
      true,
    );
  });

  function ctxFor(idempotencyKey?: string): Ctx {
    return {
      db: t.db,
      actor: undefined,
      log: t.app.log,
      lang: 'en',
      ip: '127.0.0.1',
      idempotencyKey,
      files: t.app.deps.files,
      requestHashKey: t.app.deps.requestHashKey,
      jobs: t.app.deps.jobs,
    };
  }

  it('removes a file saved for a change that does not commit', async () => {
    let storageKey = '';
    const failing = command({
      name: 'test.fail-after-file',
      entity: 'files',
      authorize: testPolicy.authorize('any'),
      run: async (ctx, input: { bytes: Buffer }) => {
        storageKey = (await ctx.saveFile({ bytes: input.bytes, mimeType: 'application/pdf' })).storageKey;
        throw new AppError('NOT_FOUND', { status: 404 });
      },
    });
    await expect(failing(ctxFor(), { bytes: Buffer.from('%PDF-1.4 test') })).rejects.toThrow('NOT_FOUND');
    expect(storageKey).not.toBe('');
    await expect(t.app.deps.files.read(storageKey)).rejects.toThrow();
  });

  it('requires a key of a command that declares it required', async () => {
    const paying = command({
      name: 'test.pay',
      entity: 'payments',
      idempotency: 'required',
      authorize: testPolicy.authorize('any'),
      run: async () => ({}),
    });
    await expect(paying(ctxFor(), {})).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      status: 400,
    });
    await expect(paying(ctxFor('k-1'), {})).resolves.toEqual({});
  });

  it('asks the policy after load and before run: a refused caller changes nothing', async () => {
    const steps: string[] = [];
    const refused = command({
      name: 'test.refused',
      entity: 'branches',
      load: async () => {
        steps.push('load');
        return { id: 1 };
      },
      authorize: testPolicy.authorize('none'),
      run: async () => {
        steps.push('run');
        return {};
      },
    });
    await expect(refused(ctxFor('k-refused'), {})).rejects.toMatchObject({ status: 401 });
    expect(steps).toEqual(['load']);
    const [stored] = await t.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'k-refused'));
    expect(stored?.n).toBe(0);
  });

  it('hashes requests by content, keyed: key order does not matter, bytes and the secret do', () => {
    const key = new Uint8Array(32).fill(7);
    expect(hashRequest(key, 'a', { x: 1, y: 2 })).toBe(hashRequest(key, 'a', { y: 2, x: 1 }));
    expect(hashRequest(key, 'a', { x: 1 })).not.toBe(hashRequest(key, 'b', { x: 1 }));
    expect(hashRequest(key, 'a', { f: Buffer.from('one') })).not.toBe(
      hashRequest(key, 'a', { f: Buffer.from('two') }),
    );
    expect(hashRequest(key, 'a', { password: 'x' })).not.toBe(
      hashRequest(new Uint8Array(32).fill(8), 'a', { password: 'x' }),
    );
  });
});
