import { IconServerCog } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const JobsPage = lazyPage(() => import('./pages/jobs-page.tsx').then((module) => module.JobsPage));

/** The operations screen of the job runner (issue 25): the super admin's alone, as its API. */
export const jobsAdminPages: AreaPage[] = [
  {
    path: 'jobs',
    page: JobsPage,
    rule: { types: ['super admin'] },
    nav: { labelKey: 'jobs:nav', icon: IconServerCog, section: 'organisation', order: 90 },
  },
];
