import { normalizeDigits } from '@tasreeh/shared';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { corporates, users } from '../../db/schema/index.ts';
import { matchesAnyColumn } from '../../lib/keyset.ts';

/** The paying student's user as a query joins it: `users` itself, or an alias where users is joined twice. */
interface StudentUserColumns {
  idNumber: AnyColumn;
  nameEn: AnyColumn;
  nameAr: AnyColumn;
}

/**
 * The payer search of the finance lists (payments, advance payments, balances, refund requests):
 * a student by ID number (Arabic-Indic digits read as Latin ones) or by either name, a corporate by
 * either name or by CR. The query joins the payer's student user and corporate; no search, no filter.
 */
export function payerSearch(
  search: string | undefined,
  studentUser: StudentUserColumns = users,
): SQL | undefined {
  if (!search) return undefined;
  return matchesAnyColumn(normalizeDigits(search), [
    studentUser.idNumber,
    studentUser.nameEn,
    studentUser.nameAr,
    corporates.nameEn,
    corporates.nameAr,
    corporates.crNumber,
  ]);
}
