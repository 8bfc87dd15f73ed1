import { IconChecklist, IconFileInvoice } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const AmanaInvoiceListPage = lazyPage(() =>
  import('./pages/amana-invoice-list-page.tsx').then((module) => module.AmanaInvoiceListPage),
);
const AmanaInvoiceDetailsPage = lazyPage(() =>
  import('./pages/amana-invoice-details-page.tsx').then((module) => module.AmanaInvoiceDetailsPage),
);
const AmanaVerificationPage = lazyPage(() =>
  import('./pages/amana-verification-page.tsx').then((module) => module.AmanaVerificationPage),
);

const READERS = { permissions: ['read_10', 'read_18'] } as const;

/** Spec §2 Finance: amana-invoice, amana-invoice/{id}, amana-invoice-verification (read_10 or read_18). */
export const amanaInvoicesAdminPages: AreaPage[] = [
  {
    path: 'amana-invoice',
    page: AmanaInvoiceListPage,
    rule: READERS,
    nav: { labelKey: 'amana-invoices:nav', icon: IconFileInvoice, section: 'finance', order: 80 },
  },
  { path: 'amana-invoice/:id', page: AmanaInvoiceDetailsPage, rule: READERS },
  {
    path: 'amana-invoice-verification',
    page: AmanaVerificationPage,
    rule: READERS,
    nav: {
      labelKey: 'amana-invoices:verifyNav',
      icon: IconChecklist,
      section: 'finance',
      order: 90,
      // The screen reads with read_10 or read_18; its link is for those who verify (edit_18).
      shownTo: { permissions: ['edit_18'] },
    },
  },
];
