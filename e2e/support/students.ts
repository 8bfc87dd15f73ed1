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
 * The `n`th (1 to 10) of a crew of workers no other test or run has, whose ID numbers all
 * begin with `W` and the crew's digits: searching for that finds the crew and nobody else.
 */
export function newWorker(crew: string, n: number): NewStudent {
  return {
    nameAr: `عامل ${n.toLocaleString('ar-EG')}`,
    nameEn: `Worker ${crew} ${n}`,
    idNumber: `W${crew}${n - 1}`,
    mobile: `059${crew.slice(-6)}${n - 1}`,
    email: `e2e.worker.${crew}.${n}@example.com`,
  };
}

/** The demo corporate's id (by its CR number, README), as staff find it. */
export async function demoCorporateId(staff: APIRequestContext): Promise<number> {
  const found = await staff.get('/api/students/placement/corporates?search=1010123456');
  expect(found.status()).toBe(200);
  const [corporate] = (await found.json()) as { id: number }[];
  if (!corporate) throw new Error('the demo corporate was not found');
  return corporate.id;
}

/** The first branch the caller may place students in: a branch's staff, their own. */
export async function placementBranchId(api: APIRequestContext): Promise<number> {
  const branches = await api.get('/api/students/placement/branches');
  expect(branches.status()).toBe(200);
  const [branch] = (await branches.json()) as { id: number }[];
  if (!branch) throw new Error('no branch to place students in');
  return branch.id;
}

/**
 * Adds a student through the API, in the first branch the caller may place students in (and
 * with a corporate, when given), with a personal photo: for tests of what is done with a
 * student, not of the form that adds one.
 */
export async function addStudentThroughApi(
  api: APIRequestContext,
  student: NewStudent,
  corporateId: number | null = null,
): Promise<number> {
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
      branchId: await placementBranchId(api),
      idType: 'passport',
      idNumber: student.idNumber,
      occupation: 'Cook',
      corporateId,
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
