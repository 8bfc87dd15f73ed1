import { type Privilege, USER_TYPES, type UserType } from '@tasreeh/shared';
import type { AnswerCheck } from '../../api/client.ts';

/**
 * The answers the first screen reads (login, the token check, the stored privileges), checked
 * by hand instead of with Zod: Zod's core is shared by every schema of the app, so the first
 * screen's bundle would carry all of it (decision 0010). Same shapes as the shared
 * `LoginResponse`, `TestTokenResponse` and `PrivilegeSchema`, which a test holds them to.
 * Everything a user types is still checked with the shared schemas and their messages.
 */
type Check<T> = (value: unknown) => value is T;

const isString: Check<string> = (value) => typeof value === 'string';
const isNumber: Check<number> = (value): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isInteger: Check<number> = (value): value is number => Number.isSafeInteger(value);
const isBoolean: Check<boolean> = (value) => typeof value === 'boolean';
const isUserType: Check<UserType> = (value): value is UserType => USER_TYPES.some((type) => type === value);

function nullable<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object with these keys, each passing its check; other keys at its top level are dropped, as
 * Zod's objects do (the nested privileges are kept as the API sent them).
 */
function answer<T extends object>(shape: { [K in keyof T]: Check<T[K]> }): AnswerCheck<T> & { is: Check<T> } {
  const keys = Object.keys(shape) as (keyof T & string)[]; // safe: the keys of `shape`, typed by T
  const is = (value: unknown): value is T => isRecord(value) && keys.every((key) => shape[key](value[key]));
  return {
    is,
    safeParse: (value) => {
      if (!is(value)) return { success: false };
      // safe: `is` checked every key of T on `value`
      const data = Object.fromEntries(keys.map((key) => [key, (value as T)[key]])) as T;
      return { success: true, data };
    },
  };
}

export const PrivilegeAnswer = answer<Privilege>({
  id: isInteger,
  read: isBoolean,
  create: isBoolean,
  edit: isBoolean,
  delete: isBoolean,
});

export interface LoginAnswer {
  access_token: string;
  userId: number;
  type: UserType;
  privileges: Privilege[];
  studentId: number | null;
  corporateId: number | null;
  changePassword: boolean;
  status: string;
  name: string;
}

export const LoginAnswer = answer<LoginAnswer>({
  access_token: isString,
  userId: isNumber,
  type: isUserType,
  privileges: arrayOf(PrivilegeAnswer.is),
  studentId: nullable(isNumber),
  corporateId: nullable(isNumber),
  changePassword: isBoolean,
  status: isString,
  name: isString,
});

export interface TestTokenAnswer {
  privileges: Privilege[];
  type: UserType;
  userId: number;
  name: string;
  changePassword: boolean;
}

export const TestTokenAnswer = answer<TestTokenAnswer>({
  privileges: arrayOf(PrivilegeAnswer.is),
  type: isUserType,
  userId: isNumber,
  name: isString,
  changePassword: isBoolean,
});

/** The privileges kept in their cookie, as the login or the last token check gave them. */
export const StoredPrivileges: AnswerCheck<Privilege[]> = {
  safeParse: (value) => {
    if (!Array.isArray(value)) return { success: false };
    const data: Privilege[] = [];
    for (const item of value) {
      const privilege = PrivilegeAnswer.safeParse(item);
      if (!privilege.success) return { success: false };
      data.push(privilege.data);
    }
    return { success: true, data };
  },
};

/** An answer whose body the caller does not read (logout). */
export const AnyAnswer: AnswerCheck<unknown> = { safeParse: (data) => ({ success: true, data }) };
