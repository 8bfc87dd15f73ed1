import { lazyFirstScreen, lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage, PublicPage } from '../../app/route-types.ts';

export const LoginPage = lazyFirstScreen(() =>
  import('./pages/auth-page.tsx').then((module) => module.LoginPage),
);
const RegisterPage = lazyFirstScreen(() =>
  import('./pages/auth-page.tsx').then((module) => module.RegisterPage),
);
const HandOffPage = lazyPage(() => import('./pages/hand-off-page.tsx').then((module) => module.HandOffPage));
const ChangePasswordPage = lazyPage(() =>
  import('./pages/change-password-page.tsx').then((module) => module.ChangePasswordPage),
);
const FirstLoginPasswordPage = lazyPage(() =>
  import('./pages/first-login-password-page.tsx').then((module) => module.FirstLoginPasswordPage),
);

/** The auth screen shows for the root, /login and any unknown path (spec §2). */
export const AuthScreen = LoginPage;

/** The first screens: the routes the first load knows (`app/router.tsx`, decision 0010). */
export const authFirstScreens: PublicPage[] = [
  { path: '/', page: LoginPage },
  { path: '/login', page: LoginPage },
  { path: '/register', page: RegisterPage },
];

export const authPublicPages: PublicPage[] = [{ path: '/Auth/:token?', page: HandOffPage }];

/** The change-password screens of every area: the user's own, and the forced first-login change. */
export function authAreaPages(): AreaPage[] {
  return [
    { path: 'change-password', page: ChangePasswordPage },
    { path: 'change-password-first', page: FirstLoginPasswordPage, standalone: true },
  ];
}
