import type { AssignedSessionPage } from '@tasreeh/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { tokenOf } from '../../../test/accounts.ts';
import { courseIdOf, insertExamSession, setExam, userIdOf } from '../../../test/exam-bank.ts';
import { buildTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from '../../auth/index.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let examiner: string;
let other: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  examiner = (await t.loginAs('Examiner')).token;
  const [user] = await t.db
    .insert(users)
    .values({
      type: 'Examiner',
      email: 'second-examiner@example.com',
      nameEn: 'Second Examiner',
      nameAr: 'ممتحن ثان',
      passwordHash: await hashPassword('Strong@2026'),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('examiner not inserted');
  other = { id: user.id, token: await tokenOf(t, 'second-examiner@example.com', 'Strong@2026') };
});
afterAll(async () => {
  await t.close();
});

function list(token: string, query = '') {
  return t.call({ method: 'GET', url: `/api/exam-sessions/assigned${query}`, token });
}

/** Every page of a list, following the cursor. */
async function allPages(token: string, when: 'upcoming' | 'past') {
  const ids: number[] = [];
  const starts: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await list(token, `?when=${when}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AssignedSessionPage>();
    expect(page.items.length).toBeLessThanOrEqual(2);
    ids.push(...page.items.map((item) => item.id));
    starts.push(...page.items.map((item) => item.startsAt));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, starts };
}

/**
 * 01:00 in Riyadh (22:00 UTC), `days` from today: the demo examiner's seeded sittings are at 10:00
 * Riyadh, and an examiner's sessions may not overlap, so a session at the test's own hour could
 * clash with one of them on the morning the suite runs.
 */
function atNight(days: number): Date {
  const at = new Date(Date.now() + days * DAY_MS);
  at.setUTCHours(22, 0, 0, 0);
  return at;
}

describe('GET /api/exam-sessions/assigned', () => {
  it("lists the caller's exam sessions, upcoming soonest first then past latest first, never another examiner's", async () => {
    const courseId = await courseIdOf(t.db);
    const exam = await setExam(t.db, courseId, { questionCount: 3 });
    const demoExaminer = await userIdOf(t.db, 'Examiner');
    const soon = await insertExamSession(t.db, t, {
      courseId,
      examinerId: demoExaminer,
      startsAt: atNight(3),
    });
    const later = await insertExamSession(t.db, t, {
      courseId,
      examinerId: demoExaminer,
      startsAt: atNight(9),
    });
    const before = await insertExamSession(t.db, t, {
      courseId,
      examinerId: demoExaminer,
      startsAt: atNight(-9),
    });
    const othersUpcoming = await insertExamSession(t.db, t, {
      courseId,
      examinerId: other.id,
      startsAt: new Date(Date.now() + 4 * DAY_MS),
    });
    const othersPast = await insertExamSession(t.db, t, {
      courseId,
      examinerId: other.id,
      startsAt: new Date(Date.now() - 4 * DAY_MS),
    });
    const nobodys = await insertExamSession(t.db, t, {
      courseId,
      startsAt: new Date(Date.now() + 5 * DAY_MS),
    });

    const upcoming = await allPages(examiner, 'upcoming');
    expect(upcoming.ids).toEqual(expect.arrayContaining([soon.id, later.id]));
    expect(upcoming.ids.indexOf(soon.id)).toBeLessThan(upcoming.ids.indexOf(later.id));
    expect(upcoming.ids).not.toContain(before.id);
    expect(upcoming.ids).not.toContain(othersUpcoming.id);
    expect(upcoming.ids).not.toContain(nobodys.id);
    expect(new Set(upcoming.ids).size).toBe(upcoming.ids.length);
    expect([...upcoming.starts].sort()).toEqual(upcoming.starts);

    const past = await allPages(examiner, 'past');
    expect(past.ids).toContain(before.id);
    expect(past.ids).not.toContain(othersPast.id);
    expect(past.ids).not.toContain(soon.id);
    expect([...past.starts].sort().reverse()).toEqual(past.starts);

    const first = (await list(examiner, '?limit=50')).json<AssignedSessionPage>();
    expect(first.items.find((item) => item.id === soon.id)).toMatchObject({
      courseId,
      examId: exam.id,
      examType: 'Assessment',
      courseNameEn: 'Food Safety Basics',
      branchNameEn: expect.any(String),
      status: 'scheduled',
    });

    // The other examiner sees its own and nothing of the demo examiner's.
    const theirs = [
      ...(await allPages(other.token, 'upcoming')).ids,
      ...(await allPages(other.token, 'past')).ids,
    ];
    expect(theirs.sort()).toEqual([othersUpcoming.id, othersPast.id].sort());
  });

  it('is for Examiners only, and refuses a bad period', async () => {
    for (const type of ['super admin', 'branch admin', 'Instructor', 'student'] as const) {
      expect((await list((await t.loginAs(type)).token)).statusCode, type).toBe(403);
    }
    expect((await list(examiner, '?when=tomorrow')).statusCode).toBe(400);
  });
});
