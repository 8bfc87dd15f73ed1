import { eq } from 'drizzle-orm';
import { feeSetups } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

let seed = 0;
const LETTERS = 'abcdefghij';
const ARABIC_LETTERS = 'أبتثجحخدذر';

/** The id of the seeded fee setup of a service ("course", "retake"…). */
export async function feeSetupIdOf(t: TestApp, service: 'course' | 'retake'): Promise<number> {
  const [row] = await t.db.select({ id: feeSetups.id }).from(feeSetups).where(eq(feeSetups.service, service));
  if (!row) throw new Error(`no seeded fee setup for ${service}`);
  return row.id;
}

/**
 * Main details of a course, unique within the test run. Course names take letters only, so
 * the counter is spelt in letters; overrides replace fields.
 */
export function newCourse(feeSetupId: number, overrides: Record<string, unknown> = {}) {
  seed++;
  const spell = (letters: string) => [...String(seed)].map((digit) => letters[Number(digit)]).join('');
  return {
    nameEn: `Kitchen Hygiene ${spell(LETTERS)}`,
    nameAr: `نظافة المطابخ ${spell(ARABIC_LETTERS)}`,
    sector: 'food_safety',
    language: 'ur',
    level: 'basic',
    feeSetupId,
    descriptionEn: 'For kitchen staff.',
    ...overrides,
  };
}

export const COURSE_SESSIONS = [
  { titleEn: 'Hand washing', titleAr: 'غسل اليدين', durationMinutes: 60, trainingType: 'in_person' },
  { titleEn: 'Storage', titleAr: 'التخزين', durationMinutes: '٩٠', trainingType: 'remote' },
];

export const COURSE_EXAM = {
  questionCount: 30,
  fullMarks: 100,
  passingMarks: 60,
  failedMarks: 59,
  durationMinutes: 45,
};

/** The calls of the courses API a test makes again and again. */
export function courseCalls(t: TestApp) {
  return {
    create: (token: string, payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/api/courses', token, payload }),
    read: (token: string, id: number) => t.call({ method: 'GET', url: `/api/courses/${id}`, token }),
    patch: (token: string, id: number, payload: Record<string, unknown>) =>
      t.call({ method: 'PATCH', url: `/api/courses/${id}`, token, payload }),
    put: (token: string, id: number, step: 'sessions' | 'exam', payload: object) =>
      t.call({ method: 'PUT', url: `/api/courses/${id}/${step}`, token, payload }),
  };
}
