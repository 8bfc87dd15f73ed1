import { describe, expect, it } from 'vitest';
import {
  datePartsOf,
  gregorianOf,
  INITIAL_STUDENT_VALUES,
  type StudentValues,
  studentTextFields,
  validateStudentPart,
} from './student-fields.ts';

const STUDENT: StudentValues = {
  ...INITIAL_STUDENT_VALUES,
  fullNameAr: 'راجيش كومار',
  fullNameEn: 'Rajesh Kumar',
  dateOfBirth: { calendar: 'gregorian', day: '3', month: '4', year: '1991' },
  gender: 'male',
  nationality: 'IN',
  idType: 'iqama',
  idNumber: '2000000006',
  email: 'rajesh@example.com',
  mobile: '0551234567',
  region: 'SA-01',
  city: 'riyadh',
  branchId: '1',
};

describe('the Student fields shared by every student form', () => {
  it('turns a stored date back into parts a form shows, and back again', () => {
    expect(datePartsOf('1991-04-03')).toEqual({ calendar: 'gregorian', day: '3', month: '4', year: '1991' });
    expect(gregorianOf(datePartsOf('1991-04-03'))).toBe('1991-04-03');
    expect(datePartsOf(null)).toEqual({ calendar: 'gregorian', day: '', month: '', year: '' });
  });

  it('sends the StudentInput fields only: no password, no files, empty optional ones left out', () => {
    expect(studentTextFields({ ...STUDENT, occupation: 'Cook', classification: ' ' })).toEqual({
      fullNameAr: 'راجيش كومار',
      fullNameEn: 'Rajesh Kumar',
      dateOfBirth: '1991-04-03',
      gender: 'male',
      nationality: 'IN',
      idType: 'iqama',
      idNumber: '2000000006',
      email: 'rajesh@example.com',
      mobile: '0551234567',
      region: 'SA-01',
      city: 'riyadh',
      branchId: '1',
      occupation: 'Cook',
    });
  });

  it('checks each part by the shared rules', () => {
    for (const part of ['personal', 'identity', 'contact'] as const) {
      expect(validateStudentPart(part, STUDENT), part).toEqual({});
    }
    expect(validateStudentPart('contact', { ...STUDENT, branchId: '', mobile: '12' })).toEqual({
      mobile: { code: 'PHONE_INVALID' },
      branchId: { code: 'SELECT_BRANCH' },
    });
  });
});
