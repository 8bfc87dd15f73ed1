import { lazyPage } from '../../app/lazy-page.ts';
import type { PublicPage } from '../../app/route-types.ts';

const StudentRegisterPage = lazyPage(() =>
  import('./pages/student-register-page.tsx').then((module) => module.StudentRegisterPage),
);

/** Spec §2: the public student registration, reached from the register tab's "I Am Student". */
export const registrationPublicPages: PublicPage[] = [
  { path: '/student-register', page: StudentRegisterPage },
];
