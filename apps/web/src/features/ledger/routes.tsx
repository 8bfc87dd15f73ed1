import { IconNotebook } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const JournalPage = lazyPage(() => import('./pages/journal-page.tsx').then((module) => module.JournalPage));

/** Finance (resource 10, issue 13): the double-entry journal and its export. */
export const ledgerAdminPages: AreaPage[] = [
  {
    path: 'journal',
    page: JournalPage,
    rule: { permissions: ['read_10'] },
    nav: { labelKey: 'ledger:nav', icon: IconNotebook, section: 'finance', order: 30 },
  },
];
