import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/actors.ts';
import { authPolicy } from './policy.ts';

describe('the auth policy', () => {
  it("lets a caller change their own password only, and no one's without a session", () => {
    expect(authPolicy.may(testActor('Teller'), 'changeOwnPassword', { userId: 7 })).toBe(true);
    expect(authPolicy.may(testActor('Teller'), 'changeOwnPassword', { userId: 8 })).toBe(false);
    expect(authPolicy.may(undefined, 'changeOwnPassword', { userId: 7 })).toBe(false);
  });

  it('lets anyone, signed in or not, ask for a code and reset a forgotten password with its grant', () => {
    expect(authPolicy.may(undefined, 'sendCode', undefined)).toBe(true);
    expect(authPolicy.may(undefined, 'resetPassword', undefined)).toBe(true);
  });

  it('refuses a password change of another account with 403', () => {
    const change = authPolicy.authorize(
      'changeOwnPassword',
      (_before: undefined, input: { userId: number }) => input,
    );
    const ctx = { actor: testActor('Teller') } as Parameters<typeof change.check>[0];
    expect(() => change.check(ctx, { userId: 8 }, undefined)).toThrow(
      expect.objectContaining({ status: 403 }),
    );
    expect(() => change.check(ctx, { userId: 7 }, undefined)).not.toThrow();
  });
});
