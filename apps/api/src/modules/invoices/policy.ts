import type { Actor } from '../../lib/context.ts';
import { definePolicy } from '../../lib/policy.ts';
import { mayReadPayment } from '../payments/index.ts';

/** An invoice's payment, as far as who may see it goes. */
interface InvoicedPayment {
  payerStudentId: number | null;
  payerCorporateId: number | null;
  branchId: number | null;
}

/**
 * Who may read invoices and credit notes (issue 11): whoever may see their payment — its payer, a
 * teller of its branch, finance (read_10 or read_17) of its branch; anyone else is told it does
 * not exist. The routes are `session`: the row decides.
 */
export const invoicesPolicy = definePolicy({
  area: 'invoices',
  routes: { read: 'session' },
  rules: {
    read: (actor: Actor, payment: InvoicedPayment) => mayReadPayment(actor, payment),
  },
});
