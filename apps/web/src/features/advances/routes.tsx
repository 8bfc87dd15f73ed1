import { IconWallet } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const AdvancesPage = lazyPage(() =>
  import('./pages/advances-page.tsx').then((module) => module.AdvancesPage),
);
const NewAdvancePage = lazyPage(() =>
  import('./pages/new-advance-page.tsx').then((module) => module.NewAdvancePage),
);

/** Spec §2 Finance: advanced-payment (read_10), advanced-payment/new (create_10). */
export const advancesAdminPages: AreaPage[] = [
  {
    path: 'advanced-payment',
    page: AdvancesPage,
    rule: { permissions: ['read_10'] },
    nav: { labelKey: 'advances:nav', icon: IconWallet, section: 'finance', order: 100 },
  },
  { path: 'advanced-payment/new', page: NewAdvancePage, rule: { permissions: ['create_10'] } },
];
