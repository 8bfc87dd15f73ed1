import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AssignedSessionPage, type AssignedSessionPeriod, BusinessStats, ExamStats } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listPath } from '../../api/list-path.ts';

/** A period of Riyadh calendar days, `YYYY-MM-DD`, both included. */
export interface StatsPeriod {
  from: string;
  to: string;
}

/** `GET /api/exam-stats` over a period (staff with read_19): the stored counts, summed by the server. */
export const examStatsQuery = (period: StatsPeriod) =>
  queryOptions({
    queryKey: ['exam-results', 'stats', period.from, period.to],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/exam-stats', { ...period }), { schema: ExamStats, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `GET /api/business-stats` of a year: the parts the caller may read (users, bookings, revenue). */
export const businessStatsQuery = (year: number) =>
  queryOptions({
    queryKey: ['business-stats', year],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/business-stats', { year }), { schema: BusinessStats, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `GET /api/exam-sessions/assigned`: the signed-in examiner's exam sessions, a page at a time. */
export const assignedSessionsQuery = (when: AssignedSessionPeriod) =>
  infiniteQueryOptions({
    queryKey: ['exam-sessions', 'assigned', when],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(listPath('/exam-sessions/assigned', { when, limit: 5, cursor: pageParam || undefined }), {
        schema: AssignedSessionPage,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
