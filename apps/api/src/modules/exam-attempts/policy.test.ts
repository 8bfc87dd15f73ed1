import { Resource } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/actors.ts';
import { examAttemptsPolicy, myExamScopeOf } from './policy.ts';

const scheduling = (edit: boolean) => [
  { id: Resource.Scheduling, read: true, create: false, edit, delete: false },
];
const session = { staffUserId: 9, branchId: 1, startsAt: new Date(Date.now() - 60_000) };
const seat = {
  session,
  bookingStatus: 'Booked',
  checkin: { complete: false, admitted: false },
  hasAttempt: false,
};
const SEAT_ACTIONS = ['admit', 'markAttended', 'markAbsent'] as const;
const ATTEMPT_ACTIONS = ['extraTime', 'stop', 'restart', 'practicalScore'] as const;

describe('the exam-attempts policy', () => {
  it("lets the session's examiner and edit_8 staff of its branch act, read_8 staff only watch", () => {
    const examiner = { ...testActor('Examiner'), userId: 9 };
    expect(examAttemptsPolicy.may(examiner, 'proctor', session)).toBe(true);
    expect(examAttemptsPolicy.may(testActor('Examiner'), 'proctor', session)).toBe(false);
    expect(examAttemptsPolicy.may(testActor('branch admin', scheduling(true)), 'proctor', session)).toBe(
      true,
    );
    expect(
      examAttemptsPolicy.may(
        testActor('branch admin', scheduling(true), { branchId: 2 }),
        'proctor',
        session,
      ),
    ).toBe(false);
    expect(examAttemptsPolicy.may(testActor('Teller', scheduling(false)), 'watch', session)).toBe(true);
    expect(examAttemptsPolicy.may(testActor('Teller', scheduling(false)), 'proctor', session)).toBe(false);
    expect(examAttemptsPolicy.may(testActor('student'), 'watchSome', undefined)).toBe(false);
    expect(examAttemptsPolicy.may(testActor('CFO'), 'watchSome', undefined)).toBe(false);
    expect(examAttemptsPolicy.may(testActor('Examiner'), 'proctorSome', undefined)).toBe(true);
  });

  it('offers each action on a seat and an attempt by its state', () => {
    const proctor = testActor('branch admin', scheduling(true));
    expect(examAttemptsPolicy.abilities(proctor, seat, SEAT_ACTIONS)).toEqual({
      admit: true,
      markAttended: true,
      markAbsent: true,
    });
    // Checked in, and sitting: nothing to admit, and never Absent.
    expect(
      examAttemptsPolicy.abilities(
        proctor,
        { ...seat, checkin: { complete: true, admitted: false }, hasAttempt: true },
        SEAT_ACTIONS,
      ),
    ).toEqual({ admit: false, markAttended: true, markAbsent: false });
    // Before the session starts, no attendance; a cancelled seat, nothing.
    const later = { ...seat, session: { ...session, startsAt: new Date(Date.now() + 60_000) } };
    expect(examAttemptsPolicy.abilities(proctor, later, SEAT_ACTIONS)).toEqual({
      admit: true,
      markAttended: false,
      markAbsent: false,
    });
    expect(
      examAttemptsPolicy.abilities(proctor, { ...seat, bookingStatus: 'Cancelled' }, SEAT_ACTIONS),
    ).toEqual({
      admit: false,
      markAttended: false,
      markAbsent: false,
    });
    expect(
      examAttemptsPolicy.abilities(proctor, { session, status: 'in_progress' }, ATTEMPT_ACTIONS),
    ).toEqual({
      extraTime: true,
      stop: true,
      restart: true,
      practicalScore: false,
    });
    expect(examAttemptsPolicy.abilities(proctor, { session, status: 'submitted' }, ATTEMPT_ACTIONS)).toEqual({
      extraTime: false,
      stop: false,
      restart: false,
      practicalScore: true,
    });
  });

  it('lets a candidate sit its own attempt only, and scopes the exam lists', () => {
    expect(examAttemptsPolicy.may(testActor('student'), 'sit', { studentId: 70 })).toBe(true);
    expect(examAttemptsPolicy.may(testActor('student'), 'sit', { studentId: 71 })).toBe(false);
    expect(examAttemptsPolicy.may(testActor('corporate'), 'sit', { studentId: 70 })).toBe(false);
    expect(myExamScopeOf(testActor('student'))).toEqual({ studentId: 70 });
    expect(myExamScopeOf(testActor('corporate'))).toEqual({ corporateId: 40 });
    expect(() => myExamScopeOf(testActor('Teller'))).toThrow();
  });
});
