import { LoginResponse, PrivilegeSchema, TestTokenResponse } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { expectSameVerdicts } from '../../test/answer-agreement.ts';
import { LoginAnswer, PrivilegeAnswer, StoredPrivileges, TestTokenAnswer } from './answers.ts';

const privilege = { id: 3, read: true, create: false, edit: false, delete: false };
const tokenAnswer = {
  privileges: [privilege],
  type: 'student',
  userId: 7,
  name: 'Sara',
  changePassword: false,
};
const loginAnswer = {
  ...tokenAnswer,
  access_token: 'token',
  studentId: 4,
  corporateId: null,
  status: 'Active',
};

/** Privileges that are almost right. */
function oddPrivileges(valid: Record<string, unknown>): unknown[] {
  return [
    { ...valid, privileges: [{ ...privilege, id: 1.5 }] },
    { ...valid, privileges: [{ id: 1 }] },
    { ...valid, privileges: [privilege, privilege] },
  ];
}

describe('the first screen’s answer checks', () => {
  it('take and refuse the login answers the shared LoginResponse takes and refuses', () => {
    expectSameVerdicts(LoginAnswer, LoginResponse, loginAnswer, oddPrivileges(loginAnswer));
  });

  it('take and refuse the token-check answers the shared TestTokenResponse takes and refuses', () => {
    expectSameVerdicts(TestTokenAnswer, TestTokenResponse, tokenAnswer, oddPrivileges(tokenAnswer));
  });

  it('take and refuse the privileges the shared PrivilegeSchema takes and refuses', () => {
    expectSameVerdicts(PrivilegeAnswer, PrivilegeSchema, privilege);
    expect(StoredPrivileges.safeParse([privilege])).toEqual({ success: true, data: [privilege] });
    expect(StoredPrivileges.safeParse([privilege, { id: 2 }]).success).toBe(false);
    expect(StoredPrivileges.safeParse({}).success).toBe(false);
  });
});
