import { IconReceiptRefund } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const StudentRefundsPage = lazyPage(() =>
  import('./pages/refunds-list-page.tsx').then((module) => module.StudentRefundsPage),
);
const CorporateRefundsPage = lazyPage(() =>
  import('./pages/refunds-list-page.tsx').then((module) => module.CorporateRefundsPage),
);

/** Spec §2 Finance: refund-payment (students') and refund-corporate (corporates'), read_10 or read_17. */
export const refundsAdminPages: AreaPage[] = [
  {
    path: 'refund-payment',
    page: StudentRefundsPage,
    rule: { permissions: ['read_10', 'read_17'] },
    nav: { labelKey: 'refunds:navStudents', icon: IconReceiptRefund, section: 'finance', order: 60 },
  },
  {
    path: 'refund-corporate',
    page: CorporateRefundsPage,
    rule: { permissions: ['read_10', 'read_17'] },
    nav: { labelKey: 'refunds:navCorporates', icon: IconReceiptRefund, section: 'finance', order: 70 },
  },
];
