import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const DashboardPage = lazyPage(() =>
  import('./pages/dashboard-page.tsx').then((module) => module.DashboardPage),
);

export const dashboardAreaPages: AreaPage[] = [{ path: 'dashboard', page: DashboardPage }];
