import { IconArrowsExchange, IconFingerprint, IconSchool } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const StudentListPage = lazyPage(() =>
  import('./pages/student-list-page.tsx').then((module) => module.StudentListPage),
);
const AddStudentPage = lazyPage(() =>
  import('./pages/student-form-page.tsx').then((module) => module.AddStudentPage),
);
const EditStudentPage = lazyPage(() =>
  import('./pages/student-form-page.tsx').then((module) => module.EditStudentPage),
);
const StudentProfilePage = lazyPage(() =>
  import('./pages/student-profile-page.tsx').then((module) => module.StudentProfilePage),
);
const StudentTransferPage = lazyPage(() =>
  import('./pages/student-transfer-page.tsx').then((module) => module.StudentTransferPage),
);
const BiometricDataPage = lazyPage(() =>
  import('./pages/biometric-data-page.tsx').then((module) => module.BiometricDataPage),
);
const CorporateStudentListPage = lazyPage(() =>
  import('./pages/corporate-students-pages.tsx').then((module) => module.CorporateStudentListPage),
);
const CorporateStudentProfilePage = lazyPage(() =>
  import('./pages/corporate-students-pages.tsx').then((module) => module.CorporateStudentProfilePage),
);
const CorporateAddStudentPage = lazyPage(() =>
  import('./pages/corporate-students-pages.tsx').then((module) => module.CorporateAddStudentPage),
);

/** Spec §2 Admin area, Students (resource 3), with student-transfer and students/biometricdata. */
export const studentsAdminPages: AreaPage[] = [
  {
    path: 'students',
    page: StudentListPage,
    rule: { permissions: ['read_3'] },
    nav: { labelKey: 'students:nav', icon: IconSchool, section: 'people', order: 30 },
  },
  { path: 'students/add-new', page: AddStudentPage, rule: { permissions: ['create_3'] } },
  { path: 'students/edit/:id', page: EditStudentPage, rule: { permissions: ['edit_3'] } },
  { path: 'students/profile/:id', page: StudentProfilePage, rule: { permissions: ['read_3'] } },
  {
    path: 'student-transfer',
    page: StudentTransferPage,
    rule: { permissions: ['read_3'] },
    nav: { labelKey: 'students:navTransfer', icon: IconArrowsExchange, section: 'people', order: 40 },
  },
  {
    path: 'students/biometricdata',
    page: BiometricDataPage,
    rule: { permissions: ['read_3'] },
    nav: { labelKey: 'students:navBiometrics', icon: IconFingerprint, section: 'people', order: 50 },
  },
];

/** Spec §2 Corporate area (type corporate, by the area's rule): its own students. */
export const studentsCorporatePages: AreaPage[] = [
  {
    path: 'students',
    page: CorporateStudentListPage,
    nav: { labelKey: 'students:nav', icon: IconSchool, order: 10 },
  },
  { path: 'students/profile/:id', page: CorporateStudentProfilePage },
  { path: 'students/add-new-student', page: CorporateAddStudentPage },
];
