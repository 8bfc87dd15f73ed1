import { IconBuildingHospital, IconChecklist, IconSchool, IconUserCheck } from '@tabler/icons-react';
import type { CenterKind } from '@tasreeh/shared';
import type { ComponentType } from 'react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage, PageNav, PublicPage } from '../../app/route-types.ts';

/** A screen of one kind of centre, loaded on demand. */
function forKind(load: () => Promise<ComponentType<{ kind: CenterKind }>>, kind: CenterKind) {
  return lazyPage(() =>
    load().then(
      (Page) =>
        function KindPage() {
          return <Page kind={kind} />;
        },
    ),
  );
}

const RegisterPage = () =>
  import('./pages/center-register-page.tsx').then((module) => module.CenterRegisterPage);
const ListPage = () => import('./pages/center-list-page.tsx').then((module) => module.CenterListPage);
const AddPage = () => import('./pages/center-form-page.tsx').then((module) => module.AddCenterPage);
const EditPage = () => import('./pages/center-form-page.tsx').then((module) => module.EditCenterPage);
const ProfilePage = () =>
  import('./pages/center-profile-page.tsx').then((module) => module.CenterProfilePage);

/** Spec §2 public: /training-register and /medical-register. */
export const centersPublicPages: PublicPage[] = [
  { path: '/training-register', page: forKind(RegisterPage, 'training') },
  { path: '/medical-register', page: forKind(RegisterPage, 'medical') },
];

/** Training centres, medical centres and workflow screens are for super admin only (spec §6). */
const superAdmin = { types: ['super admin'] } as const;

/** Each kind's list in the drawer, after branches and corporates. */
const KIND_NAV: Record<CenterKind, PageNav> = {
  training: { labelKey: 'centers:nav.training', icon: IconSchool, section: 'organisation', order: 30 },
  medical: {
    labelKey: 'centers:nav.medical',
    icon: IconBuildingHospital,
    section: 'organisation',
    order: 40,
  },
};

const kindPages = (kind: CenterKind): AreaPage[] => [
  { path: `${kind}-center`, page: forKind(ListPage, kind), rule: superAdmin, nav: KIND_NAV[kind] },
  { path: `${kind}-center/add-new`, page: forKind(AddPage, kind), rule: superAdmin },
  { path: `${kind}-center/edit/:id`, page: forKind(EditPage, kind), rule: superAdmin },
  { path: `${kind}-center/profile/:id`, page: forKind(ProfilePage, kind), rule: superAdmin },
];

/** Spec §2 admin: training-center and medical-center (add-new, edit, profile), user-approval, request-management. */
export const centersAdminPages: AreaPage[] = [
  ...kindPages('training'),
  ...kindPages('medical'),
  {
    path: 'user-approval',
    page: lazyPage(() => import('./pages/user-approval-page.tsx').then((module) => module.UserApprovalPage)),
    rule: superAdmin,
    nav: { labelKey: 'centers:nav.approval', icon: IconUserCheck, section: 'organisation', order: 50 },
  },
  {
    path: 'request-management',
    page: lazyPage(() =>
      import('./pages/request-management-page.tsx').then((module) => module.RequestManagementPage),
    ),
    rule: superAdmin,
    nav: { labelKey: 'centers:nav.requests', icon: IconChecklist, section: 'organisation', order: 60 },
  },
];

/** The centre area's own dashboard: its registration status and details. */
export const centerDashboardPages: AreaPage[] = [
  {
    path: 'dashboard',
    page: lazyPage(() =>
      import('./pages/center-dashboard-page.tsx').then((module) => module.CenterDashboardPage),
    ),
  },
];
