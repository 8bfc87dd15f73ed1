import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { firstChangePasswordIssue, firstResetPasswordIssue, resetPasswordChecklist } from './passwords.ts';

const STRONG = 'Abcdef1!';

describe('firstResetPasswordIssue (reset flow, spec §5)', () => {
  it('asks for a password when none is given', () => {
    expect(firstResetPasswordIssue('', '')).toBe('ENTER_NEW_PASSWORD');
    expect(firstResetPasswordIssue('', STRONG)).toBe('ENTER_NEW_PASSWORD');
  });

  it('reports each rule on its own', () => {
    expect(firstResetPasswordIssue('Abcde1!', 'Abcde1!')).toBe('PASSWORD_MIN_8');
    expect(firstResetPasswordIssue('abcdef1!', 'abcdef1!')).toBe('PASSWORD_UPPERCASE');
    expect(firstResetPasswordIssue('ABCDEF1!', 'ABCDEF1!')).toBe('PASSWORD_LOWERCASE');
    expect(firstResetPasswordIssue('Abcdefg!', 'Abcdefg!')).toBe('PASSWORD_NUMBER');
    expect(firstResetPasswordIssue('Abcdefg1', 'Abcdefg1')).toBe('PASSWORD_SPECIAL');
    expect(firstResetPasswordIssue(STRONG, 'Abcdef1?')).toBe('PASSWORDS_DO_NOT_MATCH');
  });

  it('accepts a strong pair, from exactly 8 characters', () => {
    expect(firstResetPasswordIssue(STRONG, STRONG)).toBeUndefined();
    expect(firstResetPasswordIssue('Tasreeh@2026', 'Tasreeh@2026')).toBeUndefined();
  });

  it('reports the first failing rule, in the spec order', () => {
    // fails every strength rule but lowercase, and does not match
    expect(firstResetPasswordIssue('abc', 'xyz')).toBe('PASSWORD_MIN_8');
    // long enough; no uppercase, digit or special
    expect(firstResetPasswordIssue('abcdefgh', 'x')).toBe('PASSWORD_UPPERCASE');
    // no lowercase, digit or special
    expect(firstResetPasswordIssue('ABCDEFGH', 'x')).toBe('PASSWORD_LOWERCASE');
    // no digit or special
    expect(firstResetPasswordIssue('Abcdefgh', 'x')).toBe('PASSWORD_NUMBER');
    // no special, and does not match
    expect(firstResetPasswordIssue('Abcdefg1', 'x')).toBe('PASSWORD_SPECIAL');
  });
});

describe('resetPasswordChecklist', () => {
  it('lists the five strength rules in the spec order', () => {
    expect(resetPasswordChecklist('').map((rule) => rule.code)).toEqual([
      'PASSWORD_MIN_8',
      'PASSWORD_UPPERCASE',
      'PASSWORD_LOWERCASE',
      'PASSWORD_NUMBER',
      'PASSWORD_SPECIAL',
    ]);
  });

  it('marks which rules a password meets', () => {
    expect(resetPasswordChecklist('').every((rule) => !rule.met)).toBe(true);
    expect(resetPasswordChecklist(STRONG).every((rule) => rule.met)).toBe(true);
    expect(resetPasswordChecklist('a1').map((rule) => rule.met)).toEqual([false, false, true, true, false]);
    expect(resetPasswordChecklist('ABCDEFG!').map((rule) => rule.met)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });
});

describe('firstChangePasswordIssue (change flow, spec §5)', () => {
  const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
    firstChangePasswordIssue({ oldPassword, newPassword, confirmPassword });

  it('needs all three fields', () => {
    expect(change('', 'abcdefg1')).toBe('FILL_ALL_FIELDS');
    expect(change('old-pass1', '', 'abcdefg1')).toBe('FILL_ALL_FIELDS');
    expect(change('old-pass1', 'abcdefg1', '')).toBe('FILL_ALL_FIELDS');
    expect(change('', '', '')).toBe('FILL_ALL_FIELDS');
  });

  it('checks that the new passwords match before anything else', () => {
    expect(change('abcdefg1', 'abcdefg1', 'abcdefg2')).toBe('NEW_PASSWORDS_DO_NOT_MATCH');
    expect(change('old-pass1', 'a', 'b')).toBe('NEW_PASSWORDS_DO_NOT_MATCH');
  });

  it('refuses the old password as the new one before checking its strength', () => {
    expect(change('abcdefg1', 'abcdefg1')).toBe('NEW_PASSWORD_SAME_AS_OLD');
    expect(change('abc', 'abc')).toBe('NEW_PASSWORD_SAME_AS_OLD');
  });

  it('needs 8 characters: 7 fails, exactly 8 passes', () => {
    expect(change('old-pass1', 'abcdef1')).toBe('PASSWORD_MORE_THAN_8');
    expect(change('old-pass1', 'abcdefg1')).toBeUndefined();
  });

  it('checks length, then a lowercase letter, then a number', () => {
    expect(change('old-pass1', 'ABC')).toBe('PASSWORD_MORE_THAN_8');
    expect(change('old-pass1', 'ABCDEFG1')).toBe('PASSWORD_ONE_LOWERCASE');
    expect(change('old-pass1', 'ABCDEFGH')).toBe('PASSWORD_ONE_LOWERCASE');
    expect(change('old-pass1', 'abcdefgh')).toBe('PASSWORD_ONE_NUMBER');
  });

  it('requires no uppercase letter and no special character', () => {
    expect(change('old-pass1', 'abcdefg1')).toBeUndefined();
    expect(change('old-pass1', 'password123')).toBeUndefined();
  });
});

describe('the password messages keep the spec §5 wording', () => {
  it.each([
    ['ENTER_NEW_PASSWORD', 'Please enter a new password'],
    ['PASSWORD_MIN_8', 'Password must be at least 8 characters.'],
    ['PASSWORD_UPPERCASE', 'Password must contain an uppercase letter.'],
    ['PASSWORD_LOWERCASE', 'Password must contain a lowercase letter.'],
    ['PASSWORD_NUMBER', 'Password must contain a number.'],
    ['PASSWORD_SPECIAL', 'Password must contain a special character.'],
    ['PASSWORDS_DO_NOT_MATCH', 'Passwords do not match'],
    ['NEW_PASSWORDS_DO_NOT_MATCH', 'New passwords do not match!'],
    ['NEW_PASSWORD_SAME_AS_OLD', 'New password cannot be the same as the old password!'],
    ['PASSWORD_MORE_THAN_8', 'Password must be more than 8 characters long.'],
    ['PASSWORD_ONE_LOWERCASE', 'Password must contain at least one lowercase letter.'],
    ['PASSWORD_ONE_NUMBER', 'Password must contain at least one number.'],
    ['FILL_ALL_FIELDS', 'Please fill out all fields.'],
  ] as const)('%s', (code, text) => {
    expect(MESSAGES[code].en).toBe(text);
  });
});
