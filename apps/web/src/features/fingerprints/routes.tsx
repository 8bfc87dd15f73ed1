import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const FingerprintEnrolPage = lazyPage(() =>
  import('./pages/fingerprint-enrol-page.tsx').then((module) => module.FingerprintEnrolPage),
);

/** Spec §2 Admin students/biometricdata: one student's fingerprint (read_3 to see; the page enrols with edit_3). */
export const fingerprintsAdminPages: AreaPage[] = [
  { path: 'students/biometricdata/:id', page: FingerprintEnrolPage, rule: { permissions: ['read_3'] } },
];
