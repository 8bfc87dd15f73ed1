import {
  CALLER_ABILITIES,
  type CallerAbilities,
  type Privilege,
  USER_TYPES,
  type UserType,
} from '@tasreeh/shared';
import type { AnswerCheck, Check } from '../../api/answer-check.ts';
import {
  answer,
  arrayOf,
  isBoolean,
  isInteger,
  isNumber,
  isString,
  nullable,
  oneOf,
} from '../../api/answer-check.ts';

/**
 * The answers the first screen reads (login, the token check, the stored privileges), checked
 * by hand (`answer-check.ts`): same shapes as the shared `LoginResponse`, `TestTokenResponse`
 * and `PrivilegeSchema`, which a test holds them to. Everything a user types is still checked
 * with the shared schemas and their messages.
 */
const isUserType = oneOf(USER_TYPES);

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

/** Each area's caller abilities (shared `CALLER_ABILITIES`), every one a boolean. */
const isCallerAbilities: Check<CallerAbilities> = (value): value is CallerAbilities => {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(CALLER_ABILITIES).every(([area, actions]) => {
    const abilities: unknown = (value as Record<string, unknown>)[area];
    if (typeof abilities !== 'object' || abilities === null) return false;
    return actions.every((action) => typeof (abilities as Record<string, unknown>)[action] === 'boolean');
  });
};

export interface TestTokenAnswer {
  privileges: Privilege[];
  abilities: CallerAbilities;
  type: UserType;
  userId: number;
  name: string;
  changePassword: boolean;
}

export const TestTokenAnswer = answer<TestTokenAnswer>({
  privileges: arrayOf(PrivilegeAnswer.is),
  abilities: isCallerAbilities,
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
