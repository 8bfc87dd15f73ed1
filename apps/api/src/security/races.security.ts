import { desc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.ts';
import { branchIdOf } from '../test/accounts.ts';
import { solvedChallenge } from '../test/challenge.ts';
import { PNG_BYTES } from '../test/files.ts';
import { raceReversals, reversalCallers } from '../test/reversals.ts';
import { newStudentFields } from '../test/students.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { newStaffFields, staffPlaces } from '../test/users.ts';
import { sessionOf, suiteAddress } from './actors.ts';

/**
 * Races: the same creation sent 20 times at once. Exactly one may win; every loser gets the
 * answer a later, one-at-a-time duplicate gets (a 409 with the spec's message), never a 5xx.
 * PGlite runs one request at a time and hides races: run on PostgreSQL (TEST_DATABASE_URL).
 */
const PARALLEL = 20;
const DUPLICATE = 'RECORDS_ALREADY_REGISTERED';

let t: TestApp;
let admin: string;
let riyadhId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await sessionOf(t, 'superadmin@tasreeh.test')).token;
  riyadhId = await branchIdOf(t, 'RUH-01');
  console.info(
    `races: on ${t.app.deps.engine}${t.app.deps.engine === 'pglite' ? ' (one request at a time: races are hidden here; set TEST_DATABASE_URL)' : ''}`,
  );
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  code: string | undefined;
}

const answerOf = (response: LightMyRequestResponse): Answer => {
  let code: string | undefined;
  try {
    code = response.json().code;
  } catch {
    code = undefined;
  }
  return { status: response.statusCode, code };
};

/**
 * Sends `PARALLEL` requests at once, then one more alone; returns what the winners and the
 * losers got, and the problems found: not exactly one winner, a 5xx, a 409 unlike the lone
 * duplicate's, or a loser's code outside `loserCodes`.
 */
async function race(
  name: string,
  send: (index: number) => Promise<LightMyRequestResponse>,
  options: { winner: number; loserCodes: readonly string[] },
) {
  const answers = (await Promise.all(Array.from({ length: PARALLEL }, (_, index) => send(index)))).map(
    answerOf,
  );
  const alone = answerOf(await send(PARALLEL));
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    const key = `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  const winners = answers.filter((answer) => answer.status === options.winner).length;
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  const losers = answers.filter((answer) => answer.status !== options.winner);
  // A loser answers as a duplicate sent alone does (the spec's message for that field); a loser of
  // a consumed grant or code may also get that refusal.
  const unexpectedLosers = losers.filter(
    (answer) =>
      !answer.code ||
      !options.loserCodes.includes(answer.code) ||
      (answer.status === 409 && (answer.status !== alone.status || answer.code !== alone.code)),
  ).length;
  console.info(
    `race ${name}: ${PARALLEL} at once → ${winners} × ${options.winner}, ${serverErrors} × 5xx; answers ${JSON.stringify(tally)}; a lone duplicate after: ${alone.status} ${alone.code}`,
  );
  return {
    winners,
    serverErrors,
    unexpectedLosers,
    loneDuplicate: options.loserCodes.includes(alone.code ?? '')
      ? 'as expected'
      : `${alone.status} ${alone.code}`,
  };
}

const fine = { winners: 1, serverErrors: 0, unexpectedLosers: 0, loneDuplicate: 'as expected' };

const post = (url: string, payload: unknown, token?: string) =>
  t.call({ method: 'POST', url, token, payload: payload as object, remoteAddress: suiteAddress() });

describe('registration races (one phone, many requests)', () => {
  it('back-office students with one phone: one 201, the rest 409 "Records already registered…"', async () => {
    const mobile = '0561239900';
    const result = await race(
      'POST /api/students (one phone)',
      (index) =>
        post(
          '/api/students',
          newStudentFields(riyadhId, { mobile, email: `race.student${index}@example.com` }),
          admin,
        ),
      { winner: 201, loserCodes: [DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });

  it('staff accounts with one phone: one 201, the rest 409', async () => {
    const places = await staffPlaces(t);
    const result = await race(
      'POST /api/users (one phone)',
      () =>
        post(
          '/api/users',
          newStaffFields({ ...places, branchId: places.riyadhId }, { phone: '0531239900' }),
          admin,
        ),
      { winner: 201, loserCodes: [DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });

  it('corporates with one CR number: one 201, the rest 409', async () => {
    let seed = 0;
    const result = await race(
      'POST /api/corporates (one CR number)',
      () => {
        seed++;
        return post(
          '/api/corporates',
          {
            nameEn: `Race Bakery ${seed}`,
            nameAr: `مخبز السباق ${seed}`,
            crNumber: '4030999900',
            crExpiry: '2028-01-31',
            vatNumber: '300000000000003',
            type: 'establishment',
            representativeName: 'Saleh Al-Amri',
            representativeEmail: `race.rep${seed}@golden.test`,
            representativePhone: `05710000${String(seed).padStart(2, '0')}`,
            headOfficeRegion: 'SA-02',
            headOfficeCity: 'jeddah',
          },
          admin,
        );
      },
      { winner: 201, loserCodes: [DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });

  it('self-registration with one verified phone: one 201, no 5xx', async () => {
    const mobile = '0541239900';
    const phoneToken = await verifiedPhone(mobile);
    const result = await race(
      'POST /api/students/register (one phone, one grant)',
      (index) => {
        const form = new FormData();
        const fields = {
          ...newStudentFields(riyadhId, { mobile, email: `race.self${index}@example.com` }),
          branchId: String(riyadhId),
          password: 'Strong@2026',
          rePassword: 'Strong@2026',
          phoneToken,
        };
        for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
        form.append('photo', new Blob([PNG_BYTES]), 'photo.png');
        return t.call({
          method: 'POST',
          url: '/api/students/register',
          payload: form,
          remoteAddress: suiteAddress(),
        });
      },
      { winner: 201, loserCodes: [DUPLICATE, 'PHONE_NOT_VERIFIED'] },
    );
    expect(result).toEqual(fine);
  });
});

describe('identical creations at once (issue 9 §6)', () => {
  it('classrooms: one 201, the rest 409', async () => {
    const result = await race(
      'POST /api/branches/:id/classrooms',
      () => post(`/api/branches/${riyadhId}/classrooms`, { name: 'Race room', capacity: 20 }, admin),
      { winner: 201, loserCodes: ['NAME_EXISTS', DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });

  it('permission groups: one 201, the rest 409', async () => {
    const result = await race(
      'POST /api/permission-groups',
      () =>
        post(
          '/api/permission-groups',
          {
            nameEn: 'Race group',
            nameAr: 'مجموعة السباق',
            privileges: [{ id: 3, read: true, create: false, edit: false, delete: false }],
          },
          admin,
        ),
      { winner: 201, loserCodes: ['NAME_EXISTS', DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });

  it('branches: one 201, the rest 409', async () => {
    const result = await race(
      'POST /api/branches',
      () =>
        post(
          '/api/branches',
          {
            nameEn: 'Race Branch',
            nameAr: 'فرع السباق',
            code: 'RACE-01',
            type: 'sub',
            region: 'SA-14',
            city: 'abha',
            baladiyaCode: 'AB-77',
          },
          admin,
        ),
      { winner: 201, loserCodes: ['NAME_EXISTS', DUPLICATE] },
    );
    expect(result).toEqual(fine);
  });
});

/** The code of the latest SMS, as the phone would show it. */
async function lastCode(): Promise<string> {
  const [message] = await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const code = message?.body.match(/\d{4,6}/)?.[0];
  if (!code) throw new Error(`no code in the latest message: ${message?.body}`);
  return code;
}

/** A phone proven the way an applicant proves it: create-otp, then verify-otp; returns the grant. */
async function verifiedPhone(phone: string): Promise<string> {
  const created = await post('/api/users/create-otp', { phone, altcha: await solvedChallenge(t) });
  if (created.statusCode !== 200) throw new Error(`create-otp failed: ${created.body}`);
  const verified = await post('/api/users/verify-otp', { id: created.json().data.id, otp: await lastCode() });
  if (verified.statusCode !== 200) throw new Error(`verify-otp failed: ${verified.body}`);
  return verified.json().data.grant;
}

describe('one-time code races', () => {
  it('create-otp for one phone at once: one code sent, the rest told to wait', async () => {
    // Each request carries its own solved challenge, as each browser would.
    const solutions = await Promise.all(Array.from({ length: PARALLEL + 1 }, () => solvedChallenge(t)));
    const result = await race(
      'POST /api/users/create-otp (one phone)',
      (index) => post('/api/users/create-otp', { phone: '0551239900', altcha: solutions[index] }),
      {
        winner: 200,
        loserCodes: ['OTP_RESEND_WAIT'],
      },
    );
    expect(result).toEqual(fine);
  });

  it('verify-otp with the right code at once: one grant, the rest refused', async () => {
    const created = await post('/api/users/create-otp', {
      phone: '0551239901',
      altcha: await solvedChallenge(t),
    });
    const id = created.json().data.id;
    const otp = await lastCode();
    const result = await race(
      'POST /api/users/verify-otp (one code)',
      () => post('/api/users/verify-otp', { id, otp }),
      {
        winner: 200,
        loserCodes: ['OTP_INVALID'],
      },
    );
    expect(result).toEqual(fine);
  });
});

describe('money given back at most once (issue 24)', () => {
  it('a cancellation and a refund approval of each of 10 payments, all at once: none given back twice', async () => {
    const race = await raceReversals(t, await reversalCallers(t), 10);
    const approvals = race.outcomes.filter((outcome) => outcome.kind === 'approve');
    const approvedFirst = approvals.filter((outcome) => outcome.status === 200).length;
    const unexpected = race.outcomes.filter(
      (outcome) =>
        outcome.status !== 200 && !(outcome.kind === 'approve' && outcome.code === 'NOTHING_LEFT_TO_REFUND'),
    );
    console.info(
      `race reversals (cancel + refund approval of one payment, cash/POS out of the till and into the balance): reversals tried: ${race.tried}, given back twice: ${race.givenBackTwice}; the approval first ${approvedFirst}, the cancel first ${approvals.length - approvedFirst}; ${race.serverErrors} × 5xx`,
    );
    expect({ givenBackTwice: race.givenBackTwice, serverErrors: race.serverErrors, unexpected }).toEqual({
      givenBackTwice: 0,
      serverErrors: 0,
      unexpected: [],
    });
  });
});
