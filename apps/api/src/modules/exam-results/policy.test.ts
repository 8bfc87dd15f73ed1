import { Resource } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/actors.ts';
import { examResultsPolicy, resultScopeOf } from './policy.ts';

const scoresRead = [{ id: Resource.Scores, read: true, create: false, edit: false, delete: false }];

describe('the exam-results policy', () => {
  it('lets the owners of their rows and read_19 staff read results, only read_19 the statistics', () => {
    for (const type of ['student', 'corporate', 'Examiner'] as const) {
      expect(examResultsPolicy.may(testActor(type), 'read', undefined), type).toBe(true);
      expect(examResultsPolicy.may(testActor(type), 'stats', undefined), type).toBe(false);
    }
    expect(examResultsPolicy.may(testActor('Teller'), 'read', undefined)).toBe(false);
    expect(examResultsPolicy.may(testActor('Teller', scoresRead), 'read', undefined)).toBe(true);
    expect(examResultsPolicy.may(testActor('Teller', scoresRead), 'stats', undefined)).toBe(true);
    expect(examResultsPolicy.may(undefined, 'read', undefined)).toBe(false);
  });

  it('scopes the rows: a student its own, a corporate its students, an examiner its sessions, staff their branch', () => {
    expect(resultScopeOf(testActor('student'))).toEqual({ studentId: 70 });
    expect(resultScopeOf(testActor('corporate'))).toEqual({ corporateId: 40 });
    expect(resultScopeOf(testActor('Examiner'))).toEqual({ examinerUserId: 7 });
    expect(resultScopeOf(testActor('branch admin', scoresRead, { branchId: 3 }))).toEqual({ branchId: 3 });
  });
});
