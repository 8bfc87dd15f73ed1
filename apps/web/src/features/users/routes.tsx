import { IconShieldLock, IconUsers } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const UserListPage = lazyPage(() =>
  import('./pages/user-list-page.tsx').then((module) => module.UserListPage),
);
const AddUserPage = lazyPage(() => import('./pages/user-form-page.tsx').then((module) => module.AddUserPage));
const EditUserPage = lazyPage(() =>
  import('./pages/user-form-page.tsx').then((module) => module.EditUserPage),
);
const UserProfilePage = lazyPage(() =>
  import('./pages/user-profile-page.tsx').then((module) => module.UserProfilePage),
);
const InstructorProfilePage = lazyPage(() =>
  import('./pages/user-profile-page.tsx').then((module) => module.InstructorProfilePage),
);
const GroupListPage = lazyPage(() =>
  import('./pages/group-list-page.tsx').then((module) => module.GroupListPage),
);
const AddGroupPage = lazyPage(() =>
  import('./pages/group-form-page.tsx').then((module) => module.AddGroupPage),
);
const EditGroupPage = lazyPage(() =>
  import('./pages/group-form-page.tsx').then((module) => module.EditGroupPage),
);

/** Spec §2: user-group is for super admin or branch admin (a type rule, as the API's). */
const GROUP_EDITORS = { types: ['super admin', 'branch admin'] } as const;

/** Spec §2 Admin area, Users (resource 1) and user-group: staff accounts and permission groups. */
export const usersAdminPages: AreaPage[] = [
  {
    path: 'user-management',
    page: UserListPage,
    rule: { permissions: ['read_1'] },
    nav: { labelKey: 'users:nav', icon: IconUsers, section: 'people', order: 10 },
  },
  { path: 'add-user', page: AddUserPage, rule: { permissions: ['create_1'] } },
  { path: 'edit-user/:id', page: EditUserPage, rule: { permissions: ['edit_1'] } },
  { path: 'users/profile/:id', page: UserProfilePage, rule: { permissions: ['read_1'] } },
  { path: 'instructor/profile/:id', page: InstructorProfilePage, rule: { permissions: ['read_1'] } },
  {
    path: 'user-group',
    page: GroupListPage,
    rule: GROUP_EDITORS,
    nav: { labelKey: 'users:groupsNav', icon: IconShieldLock, section: 'people', order: 20 },
  },
  { path: 'user-group/add', page: AddGroupPage, rule: GROUP_EDITORS },
  { path: 'user-group/edit/:id', page: EditGroupPage, rule: GROUP_EDITORS },
];
