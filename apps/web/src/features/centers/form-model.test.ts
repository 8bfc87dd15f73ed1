import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTRATION,
  fileIssue,
  firstStepWith,
  issuesOfStep,
  type RegistrationValues,
  registrationFields,
  validateCenter,
  validateRegistration,
} from './form-model.ts';
import { VALID_CENTRE } from './test-centre.ts';

const valid: RegistrationValues = {
  ...EMPTY_REGISTRATION,
  ...VALID_CENTRE,
  password: 'Strong@2026',
  rePassword: 'Strong@2026',
};

describe('the centre registration form model', () => {
  it('finds nothing wrong with a complete registration', () => {
    expect(validateRegistration(valid, 'training')).toEqual({});
  });

  it('gives each field its shared rule message, step by step', () => {
    const issues = validateRegistration(
      { ...valid, vatNumber: '123', mobile: '12', rePassword: 'x' },
      'medical',
    );
    expect(issuesOfStep('details', issues)).toEqual({ vatNumber: { code: 'VAT_NUMBER_INVALID' } });
    expect(issuesOfStep('contact', issues)).toEqual({ mobile: { code: 'PHONE_INVALID' } });
    expect(issuesOfStep('account', issues)).toEqual({ rePassword: { code: 'PASSWORDS_DO_NOT_MATCH' } });
    expect(firstStepWith(issues)).toBe(0);
    expect(firstStepWith(issuesOfStep('account', issues))).toBe(2);
  });

  it('checks a copy by type and size before it is sent', () => {
    const pdf = new File(['%PDF-1.4'], 'cr.pdf', { type: 'application/pdf' });
    const text = new File(['hello'], 'cr.txt', { type: 'text/plain' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    expect(fileIssue('crCopy', pdf)).toBeUndefined();
    expect(fileIssue('crCopy', text)).toEqual({
      code: 'FILE_TYPE_NOT_ALLOWED',
      params: { types: 'PDF, JPEG, PNG' },
    });
    expect(fileIssue('licenceCopy', big)).toEqual({ code: 'FILE_TOO_LARGE', params: { max: 5 } });
    expect(validateRegistration({ ...valid, crCopy: text }, 'training').crCopy?.code).toBe(
      'FILE_TYPE_NOT_ALLOWED',
    );
  });

  it('sends the kind, the trimmed fields, the password and the phone grant', () => {
    const fields = registrationFields({ ...valid, nameEn: '  Najd  ' }, 'training', 'grant-1');
    expect(fields).toMatchObject({
      kind: 'training',
      nameEn: 'Najd',
      password: 'Strong@2026',
      phoneToken: 'grant-1',
    });
    expect(fields).not.toHaveProperty('crCopy');
  });

  it('checks an edit without a kind, and an add with one', () => {
    expect(validateCenter(valid, undefined)).toEqual({});
    expect(validateCenter({ ...valid, crExpiry: '2001-01-01' }, 'training')).toEqual({
      crExpiry: 'EXPIRY_PASSED',
    });
    expect(validateCenter({ ...valid, crExpiry: '2001-01-01' }, undefined)).toEqual({});
  });
});
