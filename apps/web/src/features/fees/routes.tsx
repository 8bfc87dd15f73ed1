import { IconBook2, IconReceipt } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const FeeListPage = lazyPage(() => import('./pages/fee-list-page.tsx').then((module) => module.FeeListPage));
const AddFeeSetupPage = lazyPage(() =>
  import('./pages/fee-form-page.tsx').then((module) => module.AddFeeSetupPage),
);
const EditFeeSetupPage = lazyPage(() =>
  import('./pages/fee-form-page.tsx').then((module) => module.EditFeeSetupPage),
);
const LedgerListPage = lazyPage(() =>
  import('./pages/ledger-list-page.tsx').then((module) => module.LedgerListPage),
);
const LedgerAccountPage = lazyPage(() =>
  import('./pages/ledger-account-page.tsx').then((module) => module.LedgerAccountPage),
);

/** Spec §2 Admin area, Finance (resource 10): fees setup and ledger setup. */
export const feesAdminPages: AreaPage[] = [
  {
    path: 'fees-setup',
    page: FeeListPage,
    rule: { permissions: ['read_10'] },
    nav: { labelKey: 'fees:nav', icon: IconReceipt, section: 'finance', order: 10 },
  },
  { path: 'add-fees-setup', page: AddFeeSetupPage, rule: { permissions: ['create_10'] } },
  { path: 'edit-fees/:id', page: EditFeeSetupPage, rule: { permissions: ['edit_10'] } },
  {
    path: 'ledger-setup',
    page: LedgerListPage,
    rule: { permissions: ['read_10'] },
    nav: { labelKey: 'fees:ledgerNav', icon: IconBook2, section: 'finance', order: 20 },
  },
  { path: 'ledger-setup/:id', page: LedgerAccountPage, rule: { permissions: ['read_10'] } },
];
