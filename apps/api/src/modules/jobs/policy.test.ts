import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/actors.ts';
import { jobsPolicy } from './policy.ts';

describe('the jobs policy', () => {
  it('lets the super admin retry a failed or cancelled job and cancel a waiting one', () => {
    const admin = testActor('super admin');
    expect(jobsPolicy.abilities(admin, { state: 'failed' }, ['retry', 'cancel'])).toEqual({
      retry: true,
      cancel: false,
    });
    expect(jobsPolicy.abilities(admin, { state: 'cancelled' }, ['retry', 'cancel'])).toEqual({
      retry: true,
      cancel: false,
    });
    expect(jobsPolicy.abilities(admin, { state: 'retry' }, ['retry', 'cancel'])).toEqual({
      retry: false,
      cancel: true,
    });
    expect(jobsPolicy.abilities(admin, { state: 'active' }, ['retry', 'cancel'])).toEqual({
      retry: false,
      cancel: false,
    });
  });

  it('lets no one else steer a job, whatever its state', () => {
    expect(jobsPolicy.abilities(testActor('CFO'), { state: 'failed' }, ['retry', 'cancel'])).toEqual({
      retry: false,
      cancel: false,
    });
    expect(jobsPolicy.may(undefined, 'cancel', { state: 'created' })).toBe(false);
  });
});
