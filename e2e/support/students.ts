import { type APIRequestContext, expect } from '@playwright/test';
import type { Language } from './language.ts';
import { uniqueDigits } from './unique.ts';

/** A 1×1 PNG: the API checks the bytes, not the name. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface NewStudent {
  nameAr: string;
  nameEn: string;
  idNumber: string;
  mobile: string;
  email: string;
}

/** A student no other test or run has: passport number, mobile and e-mail unique to this call. */
export function newStudent(language: Language, who: string): NewStudent {
  const stamp = uniqueDigits(7);
  return {
    nameAr: language === 'en' ? 'رشيد الأمين' : 'سلمان الحربي',
    nameEn: `Rashid ${who} ${language} ${stamp}`,
    idNumber: `P${who.toUpperCase()}${stamp}`,
    mobile: `058${stamp}`,
    email: `e2e.${who}.${language}.${stamp}@example.com`,
  };
}

/**
 * Adds a student through the API, in the first branch the caller may place students in, with a
 * personal photo: for tests of what is done with a student, not of the form that adds one.
 */
export async function addStudentThroughApi(api: APIRequestContext, student: NewStudent): Promise<number> {
  const branches = await api.get('/api/students/placement/branches');
  expect(branches.status()).toBe(200);
  const [branch] = (await branches.json()) as { id: number }[];
  const created = await api.post('/api/students', {
    data: {
      fullNameAr: student.nameAr,
      fullNameEn: student.nameEn,
      email: student.email,
      dateOfBirth: '1992-06-15',
      nationality: 'PK',
      gender: 'male',
      mobile: student.mobile,
      region: 'SA-01',
      city: 'riyadh',
      branchId: branch?.id,
      idType: 'passport',
      idNumber: student.idNumber,
      occupation: 'Cook',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const photo = await api.put(`/api/students/${id}/attachments/photo`, {
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(photo.status(), await photo.text()).toBe(200);
  return id;
}
