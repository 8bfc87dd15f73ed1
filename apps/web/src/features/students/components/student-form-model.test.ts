import type { StudentProfile } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  firstIssueOf,
  issuesFromServer,
  validateStudentForm,
  valuesOfStudent,
} from './student-form-model.ts';
import { transferIssues } from './transfer-form.tsx';

const STORED: StudentProfile = {
  id: 7,
  userId: 70,
  nameEn: 'Juan Santos',
  nameAr: 'خوان سانتوس',
  idType: 'iqama',
  idNumber: '2000000006',
  phone: '+966551234567',
  email: 'juan@example.com',
  nationality: 'PH',
  branch: { id: 1, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' },
  corporate: { id: 4, nameEn: 'Al-Nakheel', nameAr: 'النخيل' },
  onHold: false,
  hasPhoto: false,
  fingerprintEnrolled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  dateOfBirth: '1990-04-11',
  gender: 'male',
  region: 'SA-01',
  city: 'riyadh',
  idExpiry: '2028-01-31',
  idIssueSource: null,
  classification: null,
  occupation: 'Waiter',
  occupationInIqama: 'Waiter',
  passportNumber: null,
  computerNumber: null,
  education: 'secondary',
  holdReason: null,
  photoFileId: null,
  idCopyFileId: null,
  abilities: { edit: true, hold: true, transfer: true, remove: false },
};

describe('the back office’s student form', () => {
  it('fills the form from a stored student and sends the same student back, corporate included', () => {
    const values = valuesOfStudent(STORED);
    expect(values.dateOfBirth).toEqual({ calendar: 'gregorian', day: '11', month: '4', year: '1990' });
    expect(validateStudentForm(values)).toEqual({});
    expect(bodyOf(values, true)).toEqual({
      fullNameAr: 'خوان سانتوس',
      fullNameEn: 'Juan Santos',
      dateOfBirth: '1990-04-11',
      gender: 'male',
      nationality: 'PH',
      education: 'secondary',
      idType: 'iqama',
      idNumber: '2000000006',
      idExpiry: '2028-01-31',
      occupation: 'Waiter',
      occupationInIqama: 'Waiter',
      email: 'juan@example.com',
      mobile: '+966551234567',
      region: 'SA-01',
      city: 'riyadh',
      branchId: '1',
      corporateId: 4,
    });
  });

  it('names "no corporate" as null for the back office, and leaves it to the server for a corporate', () => {
    const values = { ...valuesOfStudent(STORED), corporateId: '' };
    expect(bodyOf(values, true).corporateId).toBeNull();
    expect(bodyOf(values, false)).not.toHaveProperty('corporateId');
  });

  it('checks a chosen file but needs none, and focuses the first field with a problem', () => {
    const values = {
      ...valuesOfStudent(STORED),
      email: '',
      photo: new File(['x'], 'photo.pdf', { type: 'application/pdf' }),
    };
    const issues = validateStudentForm(values);
    expect(issues).toEqual({
      email: { code: 'ENTER_EMAIL' },
      photo: { code: 'FILE_TYPE_NOT_ALLOWED', params: { types: 'JPEG, PNG, WEBP' } },
    });
    expect(firstIssueOf(issues)).toBe('email');
    expect(validateStudentForm({ ...valuesOfStudent(STORED), photo: null, idCopy: null })).toEqual({});
  });

  it('puts the server’s field errors on the form’s fields and drops the others', () => {
    expect(
      issuesFromServer({ branchId: 'SELECT_BRANCH', corporateId: 'SELECT_CORPORATE', other: 'REQUIRED' }),
    ).toEqual({
      branchId: { code: 'SELECT_BRANCH', params: undefined },
      corporateId: { code: 'SELECT_CORPORATE', params: undefined },
    });
  });
});

describe('a transfer', () => {
  it('needs a reason, a branch, and somewhere new to go', () => {
    const here = { branchId: '1', corporateId: '4', reason: '' };
    expect(transferIssues(STORED, here)).toEqual({
      target: 'SELECT_TRANSFER_TARGET',
      reason: 'ENTER_REASON',
    });
    expect(transferIssues(STORED, { ...here, corporateId: '', reason: 'Left the company' })).toEqual({});
    expect(transferIssues(STORED, { ...here, branchId: '', reason: 'x' })).toEqual({
      branchId: 'SELECT_BRANCH',
    });
  });
});
