import { IconBuildingBank } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const ClosingListPage = lazyPage(() =>
  import('./pages/closing-list-page.tsx').then((module) => module.ClosingListPage),
);
const ClosingDetailsPage = lazyPage(() =>
  import('./pages/closing-details-page.tsx').then((module) => module.ClosingDetailsPage),
);
const AddClosingPage = lazyPage(() =>
  import('./pages/closing-wizard-page.tsx').then((module) => module.AddClosingPage),
);
const UploadSlipPage = lazyPage(() =>
  import('./pages/closing-wizard-page.tsx').then((module) => module.UploadSlipPage),
);
const FinishClosingPage = lazyPage(() =>
  import('./pages/closing-wizard-page.tsx').then((module) => module.FinishClosingPage),
);

const READ = { permissions: ['read_10', 'read_17'] } as const;
const CREATE = { permissions: ['create_10', 'create_17'] } as const;

/** Spec §2 Finance: daily-closing, daily-closing/{id} (read_10 or read_17); add-closing, /upload, /finish (create_10 or create_17). */
export const dailyClosingPages: AreaPage[] = [
  {
    path: 'daily-closing',
    page: ClosingListPage,
    rule: READ,
    nav: { labelKey: 'daily-closings:nav', icon: IconBuildingBank, section: 'finance', order: 50 },
  },
  { path: 'daily-closing/add-closing', page: AddClosingPage, rule: CREATE },
  { path: 'daily-closing/:id', page: ClosingDetailsPage, rule: READ },
  { path: 'daily-closing/:id/upload', page: UploadSlipPage, rule: CREATE },
  { path: 'daily-closing/:id/finish', page: FinishClosingPage, rule: CREATE },
];
