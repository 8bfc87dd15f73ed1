import { IconBuilding } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const BranchListPage = lazyPage(() =>
  import('./pages/branch-list-page.tsx').then((module) => module.BranchListPage),
);
const AddBranchPage = lazyPage(() =>
  import('./pages/branch-form-page.tsx').then((module) => module.AddBranchPage),
);
const EditBranchPage = lazyPage(() =>
  import('./pages/branch-form-page.tsx').then((module) => module.EditBranchPage),
);
const BranchProfilePage = lazyPage(() =>
  import('./pages/branch-profile-page.tsx').then((module) => module.BranchProfilePage),
);
const RoomsPage = lazyPage(() => import('./pages/rooms-page.tsx').then((module) => module.RoomsPage));
const AddRoomPage = lazyPage(() => import('./pages/rooms-page.tsx').then((module) => module.AddRoomPage));

/** Spec §2 Admin area, Branches: the list, add/edit, profile and the classrooms of a branch. */
export const branchesAdminPages: AreaPage[] = [
  {
    path: 'branch-management',
    page: BranchListPage,
    rule: { permissions: ['read_2'] },
    nav: { labelKey: 'branches:nav', icon: IconBuilding, section: 'organisation', order: 10 },
  },
  { path: 'add-branch', page: AddBranchPage, rule: { permissions: ['create_2'] } },
  { path: 'edit-branch/:id', page: EditBranchPage, rule: { permissions: ['edit_2'] } },
  { path: 'branches/profile/:id', page: BranchProfilePage, rule: { permissions: ['read_2'] } },
  { path: 'branches/rooms/:id', page: RoomsPage, rule: { permissions: ['read_2'] } },
  { path: 'add-class-to-branch/:id', page: AddRoomPage, rule: { permissions: ['create_5'] } },
];
