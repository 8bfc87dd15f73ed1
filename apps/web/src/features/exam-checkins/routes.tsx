import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const CheckinPage = lazyPage(() => import('./pages/checkin-page.tsx').then((module) => module.CheckinPage));

/** Spec §2 Student exam/check-out/{id}: check-in before the exam (id: the booking). */
export const examCheckinsStudentPages: AreaPage[] = [{ path: 'exam/check-out/:id', page: CheckinPage }];
