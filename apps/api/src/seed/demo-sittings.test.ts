import { centreDay } from '@tasreeh/shared';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import {
  attemptQuestions,
  bookings,
  certificates,
  corporates,
  examAttempts,
  examResultStats,
  invoices,
  payments,
  scheduledSessions,
  students,
  users,
} from '../db/schema/index.ts';
import { dueOf, standingsSql, toStanding } from '../modules/bookings/index.ts';
import { validUntilOf } from '../modules/certificates/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_SECOND_CORPORATE } from './demo-students.ts';
import { DEMO_STUDENT_ID_NUMBER } from './demo-users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The demo data as seeded (the test template is the demo seed): seedDemo runs seedDemoSittings after the banks. */
describe('the demo sittings', () => {
  it("paid every paid seat: a paid payment on the booking's day, with its invoice, for the whole price", async () => {
    const seats = await t.db
      .select({
        id: bookings.id,
        total: bookings.total,
        amountPaid: bookings.amountPaid,
        at: bookings.createdAt,
      })
      .from(examAttempts)
      .innerJoin(bookings, eq(bookings.id, examAttempts.bookingId))
      .where(gt(bookings.total, 0));
    expect(seats.length).toBeGreaterThan(0);
    const paid = await t.db
      .select({
        bookingId: payments.bookingId,
        amount: payments.amount,
        paidAt: payments.paidAt,
        invoice: invoices.number,
      })
      .from(payments)
      .innerJoin(invoices, and(eq(invoices.paymentId, payments.id), eq(invoices.kind, 'invoice')))
      .where(
        and(
          inArray(
            payments.bookingId,
            seats.map((seat) => seat.id),
          ),
          eq(payments.status, 'paid'),
        ),
      );
    for (const seat of seats) {
      const payment = paid.find((row) => row.bookingId === seat.id);
      expect(payment, `booking ${seat.id}`).toMatchObject({ amount: seat.total, paidAt: seat.at });
      expect(seat.amountPaid).toBe(seat.total);
    }
  });

  it('are real past sittings: every attempt drawn and answered, the pass/fail counts kept by the submission', async () => {
    const attempts = await t.db.select().from(examAttempts);
    expect(attempts.length).toBeGreaterThanOrEqual(10);
    expect(attempts.every((row) => row.status === 'submitted' && row.startedAt < new Date())).toBe(true);
    const drawn = await t.db
      .select({ attemptId: attemptQuestions.attemptId, chosen: attemptQuestions.chosenAnswerId })
      .from(attemptQuestions);
    for (const attempt of attempts) {
      const own = drawn.filter((row) => row.attemptId === attempt.id);
      expect(own.length, `attempt ${attempt.id}`).toBeGreaterThan(0);
      expect(own.every((row) => row.chosen !== null)).toBe(true);
      expect(attempt.correctCount).not.toBeNull();
    }
    expect(attempts.filter((row) => row.result === 'Passed').length).toBeGreaterThan(0);
    expect(attempts.filter((row) => row.result === 'Failed').length).toBeGreaterThan(0);
    const stats = await t.db.select().from(examResultStats);
    const counted = (key: 'passed' | 'failed') => stats.reduce((sum, row) => sum + row[key], 0);
    expect(counted('passed')).toBe(attempts.filter((row) => row.result === 'Passed').length);
    expect(counted('failed')).toBe(attempts.filter((row) => row.result === 'Failed').length);
    expect(new Set(stats.map((row) => row.examType))).toEqual(new Set(['Assessment', 'ReAssessment']));
  });

  it('give every pass its certificate, issued on the day of the sitting and valid a year from it; the demo student holds one', async () => {
    const passed = await t.db
      .select({ id: examAttempts.id, submittedAt: examAttempts.submittedAt, issuedAt: certificates.issuedAt })
      .from(examAttempts)
      .leftJoin(certificates, eq(certificates.attemptId, examAttempts.id))
      .where(eq(examAttempts.result, 'Passed'));
    const rows = await t.db.select().from(certificates);
    expect(rows).toHaveLength(passed.length);
    for (const pass of passed) {
      expect(pass.issuedAt?.getTime(), `attempt ${pass.id}`).toBe(pass.submittedAt?.getTime());
      const row = rows.find((certificate) => certificate.attemptId === pass.id);
      expect(row?.validUntil).toBe(validUntilOf(centreDay(pass.submittedAt ?? new Date())));
    }
    // Past sittings: none of them issued today.
    expect(rows.every((row) => centreDay(row.issuedAt) < centreDay(new Date()))).toBe(true);

    const demo = await t.db
      .select({ id: certificates.id })
      .from(certificates)
      .innerJoin(students, eq(students.id, certificates.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(eq(users.idNumber, DEMO_STUDENT_ID_NUMBER));
    expect(demo).toHaveLength(1);
    const corporate = await t.db
      .select({ id: examAttempts.id })
      .from(examAttempts)
      .innerJoin(students, eq(students.id, examAttempts.studentId))
      .innerJoin(corporates, eq(corporates.id, students.corporateId))
      .where(and(eq(corporates.crNumber, DEMO_SECOND_CORPORATE.crNumber), isNotNull(examAttempts.result)));
    expect(corporate.length).toBeGreaterThan(0);
  });

  it('leave three students due a free ReAssessment and one a paid ReTake, each in the course of an upcoming one, none booked yet', async () => {
    const standings = rowsOf<Parameters<typeof toStanding>[0]>(
      await t.db.execute(standingsSql(undefined)),
    ).map(toStanding);
    const upcoming = await t.db
      .select({ courseId: scheduledSessions.courseId, examType: scheduledSessions.examType })
      .from(scheduledSessions)
      .where(
        and(
          gt(scheduledSessions.startsAt, new Date()),
          inArray(scheduledSessions.examType, ['ReAssessment', 'ReTake']),
        ),
      );
    const bookable = (kind: 'ReAssessment' | 'ReTake') =>
      standings.filter(
        (standing) =>
          dueOf(standing.fails) === kind &&
          standing.bookedBookingId === null &&
          upcoming.some((row) => row.courseId === standing.courseId && row.examType === kind),
      );
    expect(bookable('ReAssessment').length).toBeGreaterThanOrEqual(3);
    expect(bookable('ReTake').length).toBeGreaterThanOrEqual(1);
  });
});
