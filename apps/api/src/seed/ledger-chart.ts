import type { LedgerRole } from '@tasreeh/shared';
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema/index.ts';

/** The starter chart: one account per ledger role, so the journal posts from the first payment; finance renames them in ledger-setup. */
const STARTER_CHART: { role: LedgerRole; naturalAccount: string; mainAccount: string }[] = [
  { role: 'cash', naturalAccount: '110100', mainAccount: 'Cash on hand' },
  { role: 'bank', naturalAccount: '110200', mainAccount: 'Bank' },
  { role: 'card_clearing', naturalAccount: '110300', mainAccount: 'Card and POS clearing' },
  { role: 'customer_balances', naturalAccount: '210100', mainAccount: 'Customer balances' },
  { role: 'refunds_payable', naturalAccount: '210200', mainAccount: 'Refunds payable' },
  { role: 'vat_payable', naturalAccount: '220100', mainAccount: 'VAT payable' },
  { role: 'amana_payable', naturalAccount: '220200', mainAccount: 'Amanah fees payable' },
  { role: 'revenue', naturalAccount: '410000', mainAccount: 'Training and exam revenue' },
  { role: 'cash_differences', naturalAccount: '590100', mainAccount: 'Cash over and short' },
];

/**
 * The starter chart of accounts on a database where no account has a role yet (a new centre,
 * or one upgraded to the journal); once there, the accounts are finance's own to edit.
 */
export async function seedLedgerChart(db: Db): Promise<void> {
  const [withRole] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(isNotNull(ledgerAccounts.role))
    .limit(1);
  if (withRole) return;
  await db.insert(ledgerAccounts).values(
    STARTER_CHART.map((account) => ({
      ...account,
      department: 'Finance',
      businessUnit: 'Head office',
      organization: 'Tasreeh Training',
    })),
  );
}
