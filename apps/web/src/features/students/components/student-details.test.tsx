import type { StudentProfile } from '@tasreeh/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentDetails } from './student-details.tsx';

const STUDENT: StudentProfile = {
  id: 12,
  userId: 70,
  nameEn: 'Abdul Karim',
  nameAr: 'عبدالكريم',
  idType: 'iqama',
  idNumber: '2001000024',
  phone: '+966551000002',
  email: 'student02@tasreeh.test',
  nationality: 'BD',
  branch: { id: 3, code: 'JED-01', nameEn: 'Jeddah', nameAr: 'جدة' },
  corporate: null,
  onHold: false,
  hasPhoto: false,
  fingerprintEnrolled: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  dateOfBirth: '1990-07-01',
  gender: 'male',
  region: 'SA-02',
  city: 'jeddah',
  idExpiry: null,
  idIssueSource: null,
  classification: null,
  occupation: 'Cook',
  occupationInIqama: 'Kitchen helper',
  passportNumber: null,
  computerNumber: null,
  education: 'secondary',
  holdReason: null,
  photoFileId: null,
  idCopyFileId: null,
  abilities: { edit: true, hold: true, transfer: true, remove: false },
};

/** The value shown beside a label of the profile. */
function shownBeside(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('StudentDetails', () => {
  it('shows the occupation and every reference value in Arabic on an Arabic page', async () => {
    await act(() => i18next.changeLanguage('ar'));
    renderWithProviders(<StudentDetails student={STUDENT} />);

    expect(shownBeside('المهنة')).toBe('طباخ');
    expect(shownBeside('المهنة في الإقامة')).toBe('مساعد طباخ');
    expect(shownBeside('الجنسية')).toBe('بنغلاديش');
    expect(shownBeside('الجنس')).toBe('ذكر');
    expect(shownBeside('المؤهل الدراسي')).toBe('ثانوي');
    expect(shownBeside('المنطقة')).toBe('مكة المكرمة');
    expect(shownBeside('المدينة')).toBe('جدة');

    // No Latin letter anywhere but in what a person typed (names, ID, e-mail, phone).
    const latin = [...document.body.querySelectorAll('dd')]
      .filter((value) => !value.querySelector('[data-user-data]'))
      .map((value) => value.textContent ?? '')
      .filter((text) => /\p{Script=Latin}/u.test(text));
    expect(latin).toEqual([]);
  });

  it('shows an occupation it does not know as it was typed, marked as typed data', async () => {
    await act(() => i18next.changeLanguage('ar'));
    renderWithProviders(<StudentDetails student={{ ...STUDENT, occupation: 'Shawarma maker' }} />);
    const typed = within(screen.getByText('المهنة', { selector: 'dt' }).nextElementSibling as HTMLElement);
    expect(typed.getByText('Shawarma maker')).toHaveAttribute('data-user-data');
  });

  it('shows a known occupation typed in Arabic in English on an English page', () => {
    renderWithProviders(<StudentDetails student={{ ...STUDENT, occupation: 'طباخ' }} />);
    expect(shownBeside('Occupation')).toBe('Cook');
  });
});
