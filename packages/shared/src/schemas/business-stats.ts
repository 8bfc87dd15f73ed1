import type { MessageCode } from '../messages.ts';
import { centreDay } from '../scheduling.ts';
import { z } from '../zod.ts';

/** The first year the dashboard's business statistics can be asked for. */
const FIRST_STATS_YEAR = 2000;

/** The years the statistics can be asked for at `now`: from 2000 to next year (the centre's calendar). */
export function statsYearsOf(now: Date): { first: number; last: number; current: number } {
  const current = Number(centreDay(now).slice(0, 4));
  return { first: FIRST_STATS_YEAR, last: current + 1, current };
}

/** `GET /api/business-stats`: one calendar year (Riyadh); this year when left out. */
export const BusinessStatsQuery = z.strictObject({
  year: z.coerce
    .number({ error: 'STATS_YEAR_INVALID' satisfies MessageCode })
    .int({ error: 'STATS_YEAR_INVALID' satisfies MessageCode })
    .optional(),
});
export type BusinessStatsQuery = z.infer<typeof BusinessStatsQuery>;

/** Accounts opened: staff (back office, instructors, examiners) and students. */
export const UserCounts = z.object({ staff: z.number(), students: z.number() });
export type UserCounts = z.infer<typeof UserCounts>;

/** Bookings made (an expired hold is none), and those of them paid in full. */
export const BookingCounts = z.object({ count: z.number(), paid: z.number() });
export type BookingCounts = z.infer<typeof BookingCounts>;

export const BookingFigures = z.object({ trainee: BookingCounts, corporate: BookingCounts });
export type BookingFigures = z.infer<typeof BookingFigures>;

/** A branch or corporate among the year's three of most revenue (halalas). */
export const RevenueLeader = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  revenue: z.number(),
});
export type RevenueLeader = z.infer<typeof RevenueLeader>;

/** A part's figures per month (`month` 1–12, all twelve), the year's total and the previous year's. */
const partOf = <Figures extends z.ZodType>(figures: Figures) =>
  z.object({
    months: z.array(z.object({ month: z.number(), figures })),
    total: figures,
    previousYear: figures,
  });

export const BusinessStats = z.object({
  year: z.number(),
  /** With read_1. */
  users: partOf(UserCounts).optional(),
  /** With read_9. */
  bookings: partOf(BookingFigures).optional(),
  /** With read_10: paid booking and product payments minus credit notes, halalas. */
  revenue: partOf(z.object({ revenue: z.number() }))
    .extend({ topBranches: z.array(RevenueLeader), topCorporates: z.array(RevenueLeader) })
    .optional(),
});
export type BusinessStats = z.infer<typeof BusinessStats>;
