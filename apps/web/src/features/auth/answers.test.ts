import { LoginResponse, PrivilegeSchema, TestTokenResponse } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import type { AnswerCheck } from '../../api/client.ts';
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

/** Values of every JSON kind and a few near misses, put in place of each field in turn. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  1.5,
  -1,
  true,
  false,
  [],
  [privilege],
  {},
  'Super Admin',
  'nobody',
];

/** The answer with each of its fields missing or replaced by each odd value. */
function variants(valid: Record<string, unknown>): unknown[] {
  const out: unknown[] = [valid, null, [], 'answer', { ...valid, extra: 1 }];
  for (const key of Object.keys(valid)) {
    const { [key]: _dropped, ...without } = valid;
    out.push(without);
    for (const value of ODD_VALUES) out.push({ ...valid, [key]: value });
  }
  out.push({ ...valid, privileges: [{ ...privilege, id: 1.5 }] }, { ...valid, privileges: [{ id: 1 }] });
  return out;
}

function agree(mine: AnswerCheck<unknown>, shared: AnswerCheck<unknown>, valid: Record<string, unknown>) {
  for (const value of variants(valid)) {
    const expected = shared.safeParse(value);
    const actual = mine.safeParse(value);
    expect({ value, success: actual.success }).toEqual({ value, success: expected.success });
    if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
  }
}

describe('the first screen’s answer checks', () => {
  it('take and refuse the login answers the shared LoginResponse takes and refuses', () => {
    agree(LoginAnswer, LoginResponse, loginAnswer);
  });

  it('take and refuse the token-check answers the shared TestTokenResponse takes and refuses', () => {
    agree(TestTokenAnswer, TestTokenResponse, tokenAnswer);
  });

  it('take and refuse the privileges the shared PrivilegeSchema takes and refuses', () => {
    agree(PrivilegeAnswer, PrivilegeSchema, privilege);
    expect(StoredPrivileges.safeParse([privilege])).toEqual({ success: true, data: [privilege] });
    expect(StoredPrivileges.safeParse([privilege, { id: 2 }]).success).toBe(false);
    expect(StoredPrivileges.safeParse({}).success).toBe(false);
  });
});
