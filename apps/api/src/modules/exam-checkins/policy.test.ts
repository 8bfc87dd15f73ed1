import { Resource } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/actors.ts';
import { examCheckinsPolicy, photoReaderOf } from './policy.ts';
import type { Sitting } from './repo.ts';

const studentsRead = [{ id: Resource.Students, read: true, create: false, edit: false, delete: false }];

const sitting = {
  bookingId: 1,
  status: 'Booked',
  studentId: 70,
  studentUserId: 700,
  studentBranchId: 2,
  studentCorporateId: null,
  idNumber: '1000000001',
  sessionKind: 'exam',
  sessionStatus: 'scheduled',
  sessionBranchId: 1,
  delivery: 'in_person',
  startsAt: new Date(),
  endsAt: new Date(),
  examinerUserId: 9,
  courseNameEn: 'C',
  courseNameAr: 'C',
} as Sitting;

describe('the exam-checkins policy', () => {
  it('lets only the candidate check in, on its own Booked seat of an exam session that goes ahead', () => {
    expect(examCheckinsPolicy.may(testActor('student'), 'checkIn', sitting)).toBe(true);
    expect(examCheckinsPolicy.may(testActor('student'), 'checkIn', { ...sitting, studentId: 71 })).toBe(
      false,
    );
    expect(examCheckinsPolicy.may(testActor('student'), 'checkIn', { ...sitting, status: 'Pending' })).toBe(
      false,
    );
    expect(
      examCheckinsPolicy.may(testActor('student'), 'checkIn', {
        ...sitting,
        sessionKind: 'training',
      } as Sitting),
    ).toBe(false);
    expect(
      examCheckinsPolicy.may(testActor('student'), 'checkIn', {
        ...sitting,
        sessionStatus: 'cancelled',
      } as Sitting),
    ).toBe(false);
    expect(examCheckinsPolicy.may(testActor('super admin', studentsRead), 'checkIn', sitting)).toBe(false);
  });

  it("shows a photo to the candidate, the session's examiner and read_3 staff of the session's or student's branch", () => {
    expect(photoReaderOf(testActor('student'), sitting)).toBe('owner');
    expect(photoReaderOf(testActor('Examiner', [], { userId: 9 }), sitting)).toBe('staff');
    expect(examCheckinsPolicy.may(testActor('Examiner', [], { userId: 8 }), 'readPhoto', sitting)).toBe(
      false,
    );
    expect(
      examCheckinsPolicy.may(testActor('Teller', studentsRead, { branchId: 1 }), 'readPhoto', sitting),
    ).toBe(true);
    expect(
      examCheckinsPolicy.may(testActor('Teller', studentsRead, { branchId: 2 }), 'readPhoto', sitting),
    ).toBe(true);
    expect(
      examCheckinsPolicy.may(testActor('Teller', studentsRead, { branchId: 3 }), 'readPhoto', sitting),
    ).toBe(false);
    expect(examCheckinsPolicy.may(testActor('Teller', [], { branchId: 1 }), 'readPhoto', sitting)).toBe(
      false,
    );
    expect(examCheckinsPolicy.may(testActor('corporate', studentsRead), 'readPhoto', sitting)).toBe(false);
  });
});
