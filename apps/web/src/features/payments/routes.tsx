import { IconCash } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const PaymentsListPage = lazyPage(() =>
  import('./pages/payments-list-page.tsx').then((module) => module.PaymentsListPage),
);
const AllPaymentsPage = lazyPage(() =>
  import('./pages/payments-list-page.tsx').then((module) => module.AllPaymentsPage),
);
const PaymentDetailsPage = lazyPage(() =>
  import('./pages/payment-details-page.tsx').then((module) => module.PaymentDetailsPage),
);
const CheckoutPage = lazyPage(() =>
  import('./pages/checkout-page.tsx').then((module) => module.CheckoutPage),
);
const CounterCheckoutPage = lazyPage(() =>
  import('./pages/checkout-page.tsx').then((module) => module.CounterCheckoutPage),
);

/** Spec §2 Student and Corporate: payments, payments/check-out/{id}. */
export const paymentsPayerPages: AreaPage[] = [
  { path: 'payments', page: PaymentsListPage, nav: { labelKey: 'payments:nav', icon: IconCash, order: 50 } },
  { path: 'payments/check-out/:id', page: CheckoutPage },
];

/** Spec §2 Finance: all-payments and all-payments/{id} (read_10 or read_17); the teller's counter checkout. */
export const paymentsAdminPages: AreaPage[] = [
  {
    path: 'all-payments',
    page: AllPaymentsPage,
    rule: { permissions: ['read_10', 'read_17'] },
    nav: { labelKey: 'payments:allNav', icon: IconCash, section: 'finance', order: 40 },
  },
  { path: 'all-payments/:id', page: PaymentDetailsPage, rule: { permissions: ['read_10', 'read_17'] } },
  { path: 'payments/check-out/:id', page: CounterCheckoutPage, rule: { types: ['Teller'] } },
];
