import { readFile, writeFile } from 'node:fs/promises';
import { USER_TYPES, type UserType } from '@tasreeh/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAttempts, exams, scheduledSessions } from '../db/schema/index.ts';
import { demoStudentIdOf, userIdOf } from '../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { type Session, sessionsOfEveryType, suiteAddress } from './actors.ts';
import { spreadsheetRows } from './response-text.ts';
import { apiRoutes, openApiDocument, successShapeOf } from './routes.ts';

/**
 * Who receives an answer key (decision 0026): every route whose answer can say which answer is
 * correct — found from the route table's response schemas, and the exports listed here — called
 * with real ids (the demo student's submitted attempt, its course's bank) by anonymous and the
 * demo account of every user type, and compared with the reviewed table expected-fields.json.
 *
 * Regenerate the table (then review its diff): `npm run security:expected -w apps/api`.
 */
const EXPECTED_FILE = new URL('./expected-fields.json', import.meta.url);
const WRITE_EXPECTED = process.env.SECURITY_WRITE_EXPECTED === '1';
/** The properties that tell an answer key, wherever a response schema holds them. */
const KEY_FIELDS = new Set(['correctAnswerId', 'correct', 'isCorrect']);

type Caller = 'anonymous' | UserType;
const CALLERS: Caller[] = ['anonymous', ...USER_TYPES];

interface Sitting {
  attemptId: number;
  examId: number;
  language: string;
}

interface KeyProbe {
  /** The field the table names: a response property, or an export's column. */
  field: string;
  url: (sitting: Sitting) => string;
  holdsKey: (response: LightMyRequestResponse) => Promise<boolean>;
}

const json = <T>(response: LightMyRequestResponse): T | undefined =>
  response.statusCode === 200 ? response.json<T>() : undefined;

/** How each route that can tell an answer key is asked, and how its answer is read. */
const KEY_PROBES: Record<string, KeyProbe> = {
  'GET /api/exam-attempts/:id/review': {
    field: 'correctAnswerId',
    url: (sitting) => `/api/exam-attempts/${sitting.attemptId}/review`,
    holdsKey: async (response) =>
      json<{ questions: { correctAnswerId: number | null }[] | null }>(response)?.questions?.some(
        (question) => question.correctAnswerId !== null,
      ) ?? false,
  },
  'GET /api/exams/:id/banks/:language': {
    field: 'correct',
    url: (sitting) => `/api/exams/${sitting.examId}/banks/${sitting.language}`,
    holdsKey: async (response) =>
      json<{ questions: { answers: { correct?: boolean }[] }[] }>(response)?.questions.some((question) =>
        question.answers.some((answer) => answer.correct === true),
      ) ?? false,
  },
  // An XLSX file (no response schema): its last column is each question's correct answer.
  'GET /api/exams/:id/banks/:language/export': {
    field: 'correct answer',
    url: (sitting) => `/api/exams/${sitting.examId}/banks/${sitting.language}/export`,
    holdsKey: async (response) => {
      const rows = response.statusCode === 200 ? await spreadsheetRows(response) : null;
      const column = rows?.[0]?.indexOf('correct answer') ?? -1;
      return column >= 0 && (rows ?? []).slice(1).some((row) => (row[column] ?? '') !== '');
    },
  },
};

let t: TestApp;
let sessions: Record<UserType, Session>;
let sitting: Sitting;

/**
 * The demo student's submitted attempt, in a session of RUH-01 given to the demo examiner, its
 * exam's review set to 'answers': the candidate, the examiner, the branch's proctoring staff and
 * the bank's readers all may see it.
 */
async function demoSitting(): Promise<Sitting> {
  const [row] = await t.db
    .select({
      attemptId: examAttempts.id,
      examId: examAttempts.examId,
      language: examAttempts.language,
      staffUserId: scheduledSessions.staffUserId,
    })
    .from(examAttempts)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId))
    .where(and(eq(examAttempts.studentId, await demoStudentIdOf(t.db)), eq(examAttempts.status, 'submitted')))
    .orderBy(asc(examAttempts.id))
    .limit(1);
  if (!row) throw new Error('the demo student has no submitted attempt');
  if (row.staffUserId !== (await userIdOf(t.db, 'Examiner')))
    throw new Error('not the demo examiner’s sitting');
  await t.db.update(exams).set({ review: 'answers' }).where(eq(exams.id, row.examId));
  return { attemptId: row.attemptId, examId: row.examId, language: row.language };
}

beforeAll(async () => {
  t = await buildTestApp();
  sessions = await sessionsOfEveryType(t);
  sitting = await demoSitting();
});
afterAll(async () => {
  await t.close();
});

describe('answer keys', () => {
  it('go to exactly the callers the reviewed table lists', async () => {
    const document = await openApiDocument(t);
    const routes = apiRoutes(t);
    const names = routes.map((route) => `${route.method} ${route.url}`);
    const telling = routes
      .filter((route) =>
        successShapeOf(document, route).objects.some((keys) => keys.some((key) => KEY_FIELDS.has(key))),
      )
      .map((route) => `${route.method} ${route.url}`);
    const unprobed = telling.filter((name) => !(name in KEY_PROBES));
    const staleProbes = Object.keys(KEY_PROBES).filter((name) => !names.includes(name));

    const actual: Record<string, Record<string, Caller[]>> = {};
    const answeredWithout: string[] = [];
    let calls = 0;
    for (const [name, probe] of Object.entries(KEY_PROBES)) {
      if (staleProbes.includes(name)) continue;
      const receivers: Caller[] = [];
      for (const caller of CALLERS) {
        const response = await t.call({
          method: 'GET',
          url: probe.url(sitting),
          token: caller === 'anonymous' ? undefined : sessions[caller].token,
          remoteAddress: suiteAddress(),
        });
        calls++;
        if (await probe.holdsKey(response)) receivers.push(caller);
        else if (response.statusCode === 200) answeredWithout.push(`${name} as ${caller}`);
      }
      actual[name] = { [probe.field]: receivers };
    }

    if (WRITE_EXPECTED) {
      await writeFile(EXPECTED_FILE, `${JSON.stringify(actual, null, 2)}\n`);
      console.info(`answer keys: wrote ${Object.keys(actual).length} routes to ${EXPECTED_FILE.pathname}`);
    }
    const expected: Record<string, Record<string, Caller[]>> = JSON.parse(
      await readFile(EXPECTED_FILE, 'utf8'),
    );
    const unexpectedReads: string[] = [];
    const missedReads: string[] = [];
    for (const [name, fields] of Object.entries(actual)) {
      for (const [field, receivers] of Object.entries(fields)) {
        const listed = new Set(expected[name]?.[field] ?? []);
        for (const caller of receivers)
          if (!listed.has(caller)) unexpectedReads.push(`${name} ${field} as ${caller}`);
        for (const caller of listed)
          if (!receivers.includes(caller)) missedReads.push(`${name} ${field} as ${caller}`);
      }
    }
    const staleRows = Object.keys(expected).filter((name) => !(name in actual));
    // The review must have answered someone without the key (its proctoring staff), or it proved nothing.
    const reviewWithout = answeredWithout.filter((line) =>
      line.startsWith('GET /api/exam-attempts/:id/review'),
    );
    const list = (lines: readonly string[]) =>
      `${lines.length}${lines.map((line) => `\n    ${line}`).join('')}`;
    console.info(
      [
        `answer keys: ${Object.keys(actual).length} routes × ${CALLERS.length} callers = ${calls} calls (attempt ${sitting.attemptId}, exam ${sitting.examId} in ${sitting.language})`,
        `  answer-key reads by non-authors: ${list(unexpectedReads)}`,
        `  callers the table gives a key who got none: ${list(missedReads)}`,
        `  answered without the key: ${answeredWithout.length} (${reviewWithout.map((line) => line.split(' as ')[1]).join(', ')} on the review)`,
        `  routes whose answer can tell a key with no probe here: ${list(unprobed)}`,
        `  probes or table rows of routes that no longer exist: ${list([...staleProbes, ...staleRows])}`,
      ].join('\n'),
    );
    expect(reviewWithout.length).toBeGreaterThan(0);
    expect({ unexpectedReads, missedReads, unprobed, stale: [...staleProbes, ...staleRows] }).toEqual({
      unexpectedReads: [],
      missedReads: [],
      unprobed: [],
      stale: [],
    });
  }, 300_000);
});
