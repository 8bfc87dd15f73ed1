import { IconRepeat } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const RetakeListPage = lazyPage(() =>
  import('./pages/retake-list-page.tsx').then((module) => module.RetakeListPage),
);
const BookRetakePage = lazyPage(() =>
  import('./pages/book-retake-page.tsx').then((module) => module.BookRetakePage),
);
/** The payment step is the counter checkout of the payments feature, as any teller's booking. */
const RetakePaymentPage = lazyPage(() =>
  import('../payments/pages/checkout-page.tsx').then((module) => module.CounterCheckoutPage),
);

/** Spec §2 Admin retake-exam (read_9), retake-exam/book-retake and its /payment step (create_9). */
export const retakesAdminPages: AreaPage[] = [
  {
    path: 'retake-exam',
    page: RetakeListPage,
    rule: { permissions: ['read_9'] },
    nav: { labelKey: 'retakes:nav', icon: IconRepeat, section: 'training', order: 80 },
  },
  { path: 'retake-exam/book-retake', page: BookRetakePage, rule: { permissions: ['create_9'] } },
  {
    path: 'retake-exam/book-retake/payment/:id',
    page: RetakePaymentPage,
    rule: { permissions: ['create_9'] },
  },
];
