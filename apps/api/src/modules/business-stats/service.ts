import {
  type BusinessStats,
  type BusinessStatsQuery,
  centreDayStart,
  type RevenueLeader,
  statsYearsOf,
} from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { type RevenueKey, revenueRows } from '../finance-reports/index.ts';
import { businessStatsPolicy, statsPartsOf } from './policy.ts';
import { bookingsByMonth, type StatsScope, usersByMonth } from './repo.ts';

/** The first instant of a year in Riyadh. */
const startOf = (year: number) => centreDayStart(`${String(year).padStart(4, '0')}-01-01`);
const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** A part's twelve months of `year`, its total and the previous year's, from figures keyed by `YYYY-MM`. */
function partOf<Figures>(
  year: number,
  byMonth: Map<string, Figures>,
  empty: Figures,
  add: (a: Figures, b: Figures) => Figures,
) {
  const at = (y: number, month: number) => byMonth.get(monthKey(y, month)) ?? empty;
  const totalOf = (y: number) => MONTHS.map((month) => at(y, month)).reduce(add, empty);
  return {
    months: MONTHS.map((month) => ({ month, figures: at(year, month) })),
    total: totalOf(year),
    previousYear: totalOf(year - 1),
  };
}

const addUsers = (a: { staff: number; students: number }, b: { staff: number; students: number }) => ({
  staff: a.staff + b.staff,
  students: a.students + b.students,
});
const addCounts = (a: { count: number; paid: number }, b: { count: number; paid: number }) => ({
  count: a.count + b.count,
  paid: a.paid + b.paid,
});
const NO_BOOKINGS = { trainee: { count: 0, paid: 0 }, corporate: { count: 0, paid: 0 } };

/** The three branches or corporates of most revenue in the scope (none without positive revenue). */
async function leadersOf(ctx: Ctx, scope: StatsScope, groupBy: RevenueKey & ('branch' | 'corporate')) {
  const rows = await revenueRows(ctx.db, scope, groupBy);
  return rows
    .filter((row) => row.key !== '-' && row.total > 0)
    .sort((a, b) => b.total - a.total || a.labelEn.localeCompare(b.labelEn))
    .slice(0, 3)
    .map(
      (row): RevenueLeader => ({
        id: Number(row.key),
        nameEn: row.labelEn,
        nameAr: row.labelAr,
        revenue: row.total,
      }),
    );
}

/**
 * The dashboard's business statistics of a Riyadh calendar year, per month, with the year's totals
 * and the previous year's: accounts opened (read_1), bookings (read_9), revenue by the finance
 * report's rule and the top three branches and corporates by it (read_10). Only the parts the
 * caller may read are answered (none: 403); staff of one branch get their branch's figures.
 */
export async function businessStats(ctx: Ctx, query: BusinessStatsQuery): Promise<BusinessStats> {
  const actor = actorOf(ctx);
  businessStatsPolicy.assert(actor, 'read', undefined);
  const parts = statsPartsOf(actor);
  const years = statsYearsOf(new Date());
  const year = query.year ?? years.current;
  if (year < years.first || year > years.last)
    throw new AppError('STATS_YEAR_INVALID', { status: 400, fields: { year: 'STATS_YEAR_INVALID' } });
  const branchId = branchScopeOf(actor);
  // Two years at once: the chosen one and the previous, for the comparison.
  const both: StatsScope = { from: startOf(year - 1), to: startOf(year + 1), branchId };
  const chosen: StatsScope = { from: startOf(year), to: startOf(year + 1), branchId };
  const [users, bookings, revenue] = await Promise.all([
    parts.users ? usersByMonth(ctx.db, both) : undefined,
    parts.bookings ? bookingsByMonth(ctx.db, both) : undefined,
    parts.revenue ? revenueOf(ctx, year, both, chosen) : undefined,
  ]);
  return {
    year,
    ...(users && { users: partOf(year, users, { staff: 0, students: 0 }, addUsers) }),
    ...(bookings && {
      bookings: partOf(year, bookings, NO_BOOKINGS, (a, b) => ({
        trainee: addCounts(a.trainee, b.trainee),
        corporate: addCounts(a.corporate, b.corporate),
      })),
    }),
    ...(revenue && { revenue }),
  };
}

async function revenueOf(ctx: Ctx, year: number, both: StatsScope, chosen: StatsScope) {
  const [months, topBranches, topCorporates] = await Promise.all([
    revenueRows(ctx.db, both, 'month'),
    leadersOf(ctx, chosen, 'branch'),
    leadersOf(ctx, chosen, 'corporate'),
  ]);
  const byMonth = new Map(months.map((row) => [row.key, { revenue: row.total }]));
  const part = partOf(year, byMonth, { revenue: 0 }, (a, b) => ({ revenue: a.revenue + b.revenue }));
  return { ...part, topBranches, topCorporates };
}
