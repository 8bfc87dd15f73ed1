import { IconChartBar } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const RevenueReportPage = lazyPage(() =>
  import('./pages/revenue-report-page.tsx').then((module) => module.RevenueReportPage),
);

/** Spec §2 Finance: finance-reports, the revenue report (read_10). */
export const financeReportsAdminPages: AreaPage[] = [
  {
    path: 'finance-reports',
    page: RevenueReportPage,
    rule: { permissions: ['read_10'] },
    nav: { labelKey: 'finance-reports:nav', icon: IconChartBar, section: 'finance', order: 110 },
  },
];
