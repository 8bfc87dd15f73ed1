import { describe, expect, it } from 'vitest';
import {
  INITIAL_VALUES,
  issuesFromServer,
  type RegistrationValues,
  registrationFields,
  stepOfField,
  validateAll,
  validateStep,
} from './form-model.ts';
import { attachmentIssue, gregorianOf } from './student-fields.ts';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

const VALID: RegistrationValues = {
  ...INITIAL_VALUES,
  fullNameAr: 'محمد العتيبي',
  fullNameEn: 'Mohammed Al-Otaibi',
  dateOfBirth: { calendar: 'hijri', day: '١٥', month: '9', year: '١٤١٠' },
  gender: 'male',
  nationality: 'SA',
  idType: 'national_id',
  idNumber: '١٠٠٠٠٠٠٠٠٨',
  email: 'mohammed@example.com',
  mobile: '٠٥٥١٢٣٤٥٦٧',
  region: 'SA-01',
  city: 'riyadh',
  branchId: '1',
  photo: file('me.png', 'image/png', 1000),
  password: 'Strong@2026',
  rePassword: 'Strong@2026',
};

describe('registration steps', () => {
  it('finds nothing wrong with a complete registration', () => {
    expect(validateAll(VALID)).toEqual({ issues: {}, firstStep: undefined });
  });

  it('asks for every required field of the first step with the §5 messages', () => {
    expect(validateStep('personal', INITIAL_VALUES)).toEqual({
      fullNameAr: { code: 'ENTER_NAME' },
      fullNameEn: { code: 'ENTER_NAME' },
      dateOfBirth: { code: 'ENTER_DATE' },
      gender: { code: 'SELECT_GENDER' },
      nationality: { code: 'SELECT_NATIONALITY' },
    });
  });

  it('wants the Arabic name in Arabic letters and a real birth date of someone 15 or older', () => {
    const issues = validateStep('personal', {
      ...VALID,
      fullNameAr: 'Mohammed',
      dateOfBirth: { calendar: 'hijri', day: '30', month: '9', year: '1446' },
    });
    expect(issues.fullNameAr).toEqual({ code: 'ENTER_NAME_ARABIC' });
    expect(issues.dateOfBirth).toEqual({ code: 'DATE_OF_BIRTH_INVALID' });
    const year = String(new Date().getUTCFullYear() - 10);
    expect(
      validateStep('personal', {
        ...VALID,
        dateOfBirth: { calendar: 'gregorian', day: '1', month: '1', year },
      }).dateOfBirth,
    ).toEqual({ code: 'DATE_OF_BIRTH_INVALID' });
  });

  it('wants the English name in English letters', () => {
    expect(validateStep('personal', { ...VALID, fullNameEn: 'محمد علي' }).fullNameEn).toEqual({
      code: 'ENTER_NAME_ENGLISH',
    });
  });

  it('checks the ID number by its type, and an ID that has expired', () => {
    expect(validateStep('identity', { ...VALID, idType: '' }).idType).toEqual({ code: 'SELECT_ID_TYPE' });
    expect(validateStep('identity', { ...VALID, idNumber: '1000000009' }).idNumber).toEqual({
      code: 'ID_NUMBER_INVALID',
    });
    expect(validateStep('identity', { ...VALID, idType: 'iqama' }).idNumber).toEqual({
      code: 'ID_NUMBER_INVALID',
    });
    expect(
      validateStep('identity', {
        ...VALID,
        idExpiry: { calendar: 'gregorian', day: '1', month: '1', year: '2020' },
      }).idExpiry,
    ).toEqual({ code: 'ID_EXPIRED' });
  });

  it('wants a Saudi mobile, a valid e-mail, and a city of the chosen region', () => {
    const issues = validateStep('contact', {
      ...VALID,
      mobile: '0112345678',
      email: 'nope',
      city: 'jeddah',
      branchId: '',
    });
    expect(issues).toEqual({
      mobile: { code: 'PHONE_INVALID' },
      email: { code: 'EMAIL_INVALID' },
      city: { code: 'SELECT_CITY' },
      branchId: { code: 'SELECT_BRANCH' },
    });
  });

  it('checks the files before upload and the password by the reset-flow rules', () => {
    expect(attachmentIssue('photo', null)).toEqual({ code: 'PHOTO_REQUIRED' });
    expect(attachmentIssue('photo', file('a.pdf', 'application/pdf', 10))).toEqual({
      code: 'FILE_TYPE_NOT_ALLOWED',
      params: { types: 'JPEG, PNG, WEBP' },
    });
    expect(attachmentIssue('photo', file('a.png', 'image/png', 2 * 1024 * 1024 + 1))).toEqual({
      code: 'FILE_TOO_LARGE',
      params: { max: 2 },
    });
    expect(attachmentIssue('idCopy', null)).toBeUndefined();
    expect(attachmentIssue('idCopy', file('id.pdf', 'application/pdf', 5 * 1024 * 1024))).toBeUndefined();
    expect(validateStep('account', { ...VALID, password: 'abc', rePassword: 'abc' }).password).toEqual({
      code: 'PASSWORD_MIN_8',
    });
    expect(validateStep('account', { ...VALID, rePassword: 'Strong@2027' }).rePassword).toEqual({
      code: 'PASSWORDS_DO_NOT_MATCH',
    });
  });

  it('names the first step with a problem', () => {
    expect(validateAll({ ...VALID, email: '' }).firstStep).toBe(2);
    expect(stepOfField('email')).toBe(2);
    expect(stepOfField('photo')).toBe(3);
    expect(stepOfField('nothing')).toBeUndefined();
  });
});

describe('a refused registration', () => {
  it('puts the server’s field errors back on the fields, with the first step that holds one', () => {
    expect(
      issuesFromServer({
        code: 'FILE_TOO_LARGE',
        params: { max: 2 },
        fields: {
          photo: 'FILE_TOO_LARGE',
          city: 'SELECT_CITY',
          phoneToken: 'PHONE_NOT_VERIFIED',
          other: 'REQUIRED',
        },
      }),
    ).toEqual({
      issues: {
        photo: { code: 'FILE_TOO_LARGE', params: { max: 2 } },
        city: { code: 'SELECT_CITY' },
        mobile: { code: 'PHONE_NOT_VERIFIED' },
      },
      firstStep: 2,
    });
  });
});

describe('what is sent', () => {
  it('sends only the schema fields, Gregorian dates, ASCII digits, and leaves out empty optional ones', () => {
    const fields = registrationFields({ ...VALID, occupation: 'Cook', classification: '  ' }, 'grant');
    expect(fields).toEqual({
      fullNameAr: 'محمد العتيبي',
      fullNameEn: 'Mohammed Al-Otaibi',
      dateOfBirth: '1990-04-11',
      gender: 'male',
      nationality: 'SA',
      idType: 'national_id',
      idNumber: '1000000008',
      email: 'mohammed@example.com',
      mobile: '0551234567',
      region: 'SA-01',
      city: 'riyadh',
      branchId: '1',
      occupation: 'Cook',
      password: 'Strong@2026',
      rePassword: 'Strong@2026',
      phoneToken: 'grant',
    });
  });

  it('reads typed dates in either calendar, and refuses days that do not exist', () => {
    expect(gregorianOf({ calendar: 'gregorian', day: '29', month: '2', year: '2024' })).toBe('2024-02-29');
    expect(gregorianOf({ calendar: 'gregorian', day: '29', month: '2', year: '2023' })).toBeUndefined();
    expect(gregorianOf({ calendar: 'hijri', day: '1', month: '9', year: '1445' })).toBe('2024-03-11');
    expect(gregorianOf({ calendar: 'hijri', day: '', month: '', year: '' })).toBe('');
    expect(gregorianOf({ calendar: 'hijri', day: '1', month: '9', year: '145' })).toBeUndefined();
  });
});
