import { centreDayStart } from '@tasreeh/shared';
import { type AnyColumn, and, gte, lt, type SQL } from 'drizzle-orm';

/**
 * Rows whose instant `column` falls on the centre days `from` to `to` (`YYYY-MM-DD`, both days in,
 * either left open when empty): a list's day range read in Riyadh time, whatever the server's zone.
 */
export function onCentreDays(
  column: AnyColumn,
  from: string | undefined,
  to: string | undefined,
): SQL | undefined {
  return and(
    from ? gte(column, centreDayStart(from)) : undefined,
    to ? lt(column, centreDayStart(to, 1)) : undefined,
  );
}
