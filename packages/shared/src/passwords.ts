import type { MessageCode } from './messages.ts';

const HAS_UPPERCASE = /\p{Lu}/u;
const HAS_LOWERCASE = /\p{Ll}/u;
const HAS_DIGIT = /\p{Nd}/u;
const HAS_SPECIAL = /[^\p{L}\p{Nd}]/u;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * The strength rules of the reset flow (spec §5), in order, each with the code of its
 * message and whether the password meets it — for a live checklist as the user types.
 */
export function resetPasswordChecklist(password: string): { code: MessageCode; met: boolean }[] {
  return [
    { code: 'PASSWORD_MIN_8', met: [...password].length >= MIN_PASSWORD_LENGTH },
    { code: 'PASSWORD_UPPERCASE', met: HAS_UPPERCASE.test(password) },
    { code: 'PASSWORD_LOWERCASE', met: HAS_LOWERCASE.test(password) },
    { code: 'PASSWORD_NUMBER', met: HAS_DIGIT.test(password) },
    { code: 'PASSWORD_SPECIAL', met: HAS_SPECIAL.test(password) },
  ];
}

/** The first failing rule of the reset flow (forgot password), or undefined when it passes. */
export function firstResetPasswordIssue(password: string, rePassword: string): MessageCode | undefined {
  if (password.length === 0) return 'ENTER_NEW_PASSWORD';
  if (password.length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  const failed = resetPasswordChecklist(password).find((rule) => !rule.met);
  if (failed) return failed.code;
  if (password !== rePassword) return 'PASSWORDS_DO_NOT_MATCH';
  return undefined;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The first failing rule of the change flow (spec §5, in its order): all fields given, the
 * two new ones match, new differs from old, then length (8 is enough), a lowercase letter
 * and a digit. No uppercase or special character is required here.
 */
export function firstChangePasswordIssue(change: PasswordChange): MessageCode | undefined {
  const { oldPassword, newPassword, confirmPassword } = change;
  if (!oldPassword || !newPassword || !confirmPassword) return 'FILL_ALL_FIELDS';
  if (newPassword !== confirmPassword) return 'NEW_PASSWORDS_DO_NOT_MATCH';
  if (newPassword === oldPassword) return 'NEW_PASSWORD_SAME_AS_OLD';
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) return 'PASSWORD_MORE_THAN_8';
  if (newPassword.length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  if (!HAS_LOWERCASE.test(newPassword)) return 'PASSWORD_ONE_LOWERCASE';
  if (!HAS_DIGIT.test(newPassword)) return 'PASSWORD_ONE_NUMBER';
  return undefined;
}
