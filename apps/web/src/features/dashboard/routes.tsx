import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';
import { i18next } from '../../i18n/index.ts';

/** The dashboard's code and its texts load together (the page would otherwise ask for its texts once rendered). */
const DashboardPage = lazyPage(() =>
  Promise.all([import('./pages/dashboard-page.tsx'), i18next.loadNamespaces('dashboard')]).then(
    ([module]) => module.DashboardPage,
  ),
);

export const dashboardAreaPages: AreaPage[] = [{ path: 'dashboard', page: DashboardPage }];
