import { randomUUID } from 'node:crypto';
import { type BusinessStats, centreDay, STAFF_TYPES } from '@tasreeh/shared';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  invoices,
  payments,
  permissionGroups,
  scheduledSessions,
  students,
  users,
} from '../../db/schema/index.ts';
import { branchIdOf, groupIdOf } from '../../test/accounts.ts';
import { demoCorporateId, demoStudentId, newBooking } from '../../test/paid-bookings.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let teller: string;
let ceo: { token: string; userId: number };
let corporateId: number;
const year = Number(centreDay(new Date()).slice(0, 4));
/** Mid-June of last year: rows moved there count in the comparison, not in this year. */
const lastYear = new Date(`${year - 1}-06-15T12:00:00+03:00`);

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await t.loginAs('super admin')).token;
  teller = (await t.loginAs('Teller')).token;
  ceo = await t.loginAs('CEO');
  corporateId = await demoCorporateId(t);
  const pay = (bookingId: number) =>
    t.call({
      method: 'POST',
      url: '/api/payments',
      token: teller,
      payload: { bookingId, method: 'cash' },
      headers: { 'idempotency-key': randomUUID() },
    });
  // A corporate's booking and a trainee's, both paid at the counter; a trainee's left unpaid.
  for (const corporate of [true, false]) {
    const booking = await newBooking(t, { corporate });
    expect((await pay(booking.id)).statusCode).toBe(201);
  }
  await newBooking(t);
  // One student and one booking of last year.
  await t.db
    .update(students)
    .set({ createdAt: lastYear })
    .where(eq(students.id, await demoStudentId(t)));
  const old = await newBooking(t);
  await t.db.update(bookings).set({ createdAt: lastYear }).where(eq(bookings.id, old.id));
});
afterAll(async () => {
  await t.close();
});

const stats = (query: string, token = admin) =>
  t.call({ method: 'GET', url: `/api/business-stats${query}`, token });

const yearOf = (at: Date) => Number(centreDay(at).slice(0, 4));

/** What the figures must be, counted in JavaScript from the stored rows (of one branch when given). */
async function expected(branchId?: number) {
  const staff = (
    await t.db
      .select()
      .from(users)
      .where(inArray(users.type, [...STAFF_TYPES]))
  ).filter((user) => branchId === undefined || user.branchId === branchId);
  const studentRows = (await t.db.select().from(students)).filter(
    (student) => branchId === undefined || student.branchId === branchId,
  );
  const bookingRows = (
    await t.db
      .select({ booking: bookings, branchId: scheduledSessions.branchId })
      .from(bookings)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
      .where(ne(bookings.status, 'Expired'))
  ).filter((row) => branchId === undefined || row.branchId === branchId);
  const paid = (
    await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'paid'), ne(payments.purpose, 'advance')))
  ).filter((payment) => branchId === undefined || payment.branchId === branchId);
  const notes = await t.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
  const bookingsOf = (y: number, corporate: boolean) => {
    const made = bookingRows
      .map((row) => row.booking)
      .filter((booking) => yearOf(booking.createdAt) === y && (booking.corporateId !== null) === corporate);
    const isPaid = (booking: (typeof made)[number]) =>
      ['Booked', 'Attended', 'Absent'].includes(booking.status) && booking.amountPaid >= booking.total;
    return { count: made.length, paid: made.filter(isPaid).length };
  };
  const revenueOf = (y: number) => {
    const inYear = paid.filter((payment) => payment.paidAt && yearOf(payment.paidAt) === y);
    const credited = notes.filter(
      (note) => yearOf(note.issuedAt) === y && paid.some((payment) => payment.id === note.paymentId),
    );
    return (
      inYear.reduce((sum, payment) => sum + payment.amount, 0) -
      credited.reduce((sum, note) => sum + note.total, 0)
    );
  };
  const of = (y: number) => ({
    users: {
      staff: staff.filter((user) => yearOf(user.createdAt) === y).length,
      students: studentRows.filter((student) => yearOf(student.createdAt) === y).length,
    },
    bookings: { trainee: bookingsOf(y, false), corporate: bookingsOf(y, true) },
    revenue: { revenue: revenueOf(y) },
  });
  return { current: of(year), previous: of(year - 1) };
}

/** A part's months add up to its total. */
function sumOfMonths<Figures>(months: { figures: Figures }[], add: (a: Figures, b: Figures) => Figures) {
  return months.map((month) => month.figures).reduce(add);
}

/** The caller abilities the session check answers (`POST /auth/test-token`). */
async function sessionAbilities(token: string) {
  const response = await t.call({ method: 'POST', url: '/api/auth/test-token', token, payload: {} });
  return response.json().abilities;
}

describe('GET /api/business-stats', () => {
  it('answers every part to a super admin: months add up to the stored rows of the year, and last year to its own', async () => {
    const response = await stats(`?year=${year}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<BusinessStats>();
    const want = await expected();
    expect(body.year).toBe(year);
    expect(body.users?.months.map((month) => month.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(body.users?.total).toEqual(want.current.users);
    expect(body.users?.previousYear).toEqual(want.previous.users);
    expect(want.previous.users.students).toBeGreaterThanOrEqual(1);
    expect(body.bookings?.total).toEqual(want.current.bookings);
    expect(body.bookings?.previousYear).toEqual(want.previous.bookings);
    expect(want.current.bookings.corporate.paid).toBeGreaterThanOrEqual(1);
    expect(want.current.bookings.trainee.count).toBeGreaterThan(want.current.bookings.trainee.paid);
    expect(body.revenue?.total).toEqual(want.current.revenue);
    expect(body.revenue?.previousYear).toEqual(want.previous.revenue);
    expect(want.current.revenue.revenue).toBeGreaterThan(0);

    if (!body.users || !body.bookings || !body.revenue) throw new Error('a part is missing');
    expect(
      sumOfMonths(body.users.months, (a, b) => ({
        staff: a.staff + b.staff,
        students: a.students + b.students,
      })),
    ).toEqual(body.users.total);
    expect(sumOfMonths(body.revenue.months, (a, b) => ({ revenue: a.revenue + b.revenue }))).toEqual(
      body.revenue.total,
    );
    const month = Number(centreDay(new Date()).slice(5, 7));
    expect(body.bookings.months[month - 1]?.figures.corporate.paid).toBeGreaterThanOrEqual(1);

    // The leaders: at most three, most revenue first, named in both languages; the demo corporate paid.
    expect(body.revenue.topBranches.length).toBeGreaterThanOrEqual(1);
    expect(body.revenue.topBranches.length).toBeLessThanOrEqual(3);
    const branchRevenue = body.revenue.topBranches.map((branch) => branch.revenue);
    expect(branchRevenue).toEqual([...branchRevenue].sort((a, b) => b - a));
    const corporate = body.revenue.topCorporates.find((row) => row.id === corporateId);
    expect(corporate).toMatchObject({ nameEn: expect.any(String), nameAr: expect.any(String) });
    expect(corporate?.revenue).toBeGreaterThan(0);
  });

  it('answers only the parts of the rights held: read_1 users, read_9 bookings, read_10 revenue; none is 403', async () => {
    const probe = await probeGroup();
    for (const [resource, part] of [
      [1, 'users'],
      [9, 'bookings'],
      [10, 'revenue'],
    ] as const) {
      await grant(probe, [resource]);
      const response = await stats('', ceo.token);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual([part, 'year'].sort());
      expect((await sessionAbilities(ceo.token))['business-stats']).toEqual({ read: true });
    }
    await grant(probe, [19]);
    const none = await stats('', ceo.token);
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('FORBIDDEN');
    // The dashboard shows the section by the policy's caller ability, answered with the session.
    expect((await sessionAbilities(ceo.token))['business-stats']).toEqual({ read: false });
    expect((await stats('', (await t.loginAs('student')).token)).statusCode).toBe(403);
    expect((await stats('', (await t.loginAs('corporate')).token)).statusCode).toBe(403);
  });

  it("gives staff of one branch their branch's figures only", async () => {
    const riyadh = await branchIdOf(t, 'RUH-01');
    const tellers = await groupIdOf(t, 'Tellers');
    const [group] = await t.db.select().from(permissionGroups).where(eq(permissionGroups.id, tellers));
    await grant(tellers, [1, 9, 10]);
    try {
      const body = (await stats(`?year=${year}`, teller)).json<BusinessStats>();
      const want = await expected(riyadh);
      const everywhere = await expected();
      expect(body.users?.total).toEqual(want.current.users);
      expect(body.bookings?.total).toEqual(want.current.bookings);
      expect(body.revenue?.total).toEqual(want.current.revenue);
      expect(want.current.users.staff).toBeLessThan(everywhere.current.users.staff);
      expect(body.revenue?.topBranches.map((branch) => branch.id)).toEqual([riyadh]);
    } finally {
      await t.db
        .update(permissionGroups)
        .set({ privileges: group?.privileges })
        .where(eq(permissionGroups.id, tellers));
    }
  });

  it('refuses a year before 2000 or after next year with a message in the caller’s language', async () => {
    for (const bad of ['1999', String(year + 2), 'last', '2020.5']) {
      const response = await stats(`?year=${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('STATS_YEAR_INVALID');
    }
    const arabic = await t.call({
      method: 'GET',
      url: '/api/business-stats?year=1999',
      token: admin,
      lang: 'ar',
    });
    expect(arabic.json().message).toBe('اختر سنة من 2000 حتى السنة القادمة.');
    const empty = (await stats('?year=2000')).json<BusinessStats>();
    expect(empty.users?.total).toEqual({ staff: 0, students: 0 });
    expect(empty.revenue?.topBranches).toEqual([]);
    expect((await stats(`?year=${year + 1}`)).statusCode).toBe(200);
  });
});

/** A head-office group of the CEO's holding only what `grant` gives it. */
async function probeGroup(): Promise<number> {
  const [group] = await t.db
    .insert(permissionGroups)
    .values({ nameEn: 'Statistics probe', nameAr: 'مجموعة تجربة الإحصاءات', privileges: {} })
    .returning();
  if (!group) throw new Error('no group');
  await t.db.update(users).set({ permissionGroupId: group.id }).where(eq(users.id, ceo.userId));
  return group.id;
}

/** Gives a group read on exactly these resources. */
async function grant(groupId: number, resources: number[]) {
  const privileges = Object.fromEntries(
    resources.map((id) => [String(id), { read: true, create: false, edit: false, delete: false }]),
  );
  await t.db.update(permissionGroups).set({ privileges }).where(eq(permissionGroups.id, groupId));
}
