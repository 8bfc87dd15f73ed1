import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BatchBookingCreated,
  type BatchBookingInput,
  BookableCourses,
  BookingCancelled,
  BookingCreated,
  BookingDetail,
  BookingMoved,
  BookingPage,
  type BookingStatus,
  SESSION_KINDS,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What booking-management asks for: search by student ID number, filters, keyset pages. */
export interface BookingListParams {
  search: string;
  sort: 'createdAt' | 'startsAt';
  order: 'asc' | 'desc';
  status: '' | BookingStatus;
  from: string;
  to: string;
  branchId: string;
  courseId: string;
  cursor: string | undefined;
  limit: number;
}

export const bookingListQuery = (params: BookingListParams) =>
  queryOptions({
    queryKey: ['bookings', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/bookings', params), { schema: BookingPage, signal }),
    placeholderData: keepPreviousData,
  });

export const bookingCountQuery = (params: BookingListParams) =>
  listCountQuery(['bookings'], '/bookings', params);

export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/bookings/${id}`, { schema: BookingDetail, signal }),
  });

export const bookableCoursesQuery = queryOptions({
  queryKey: ['bookings', 'courses'],
  queryFn: ({ signal }) => apiRequest('/bookings/courses', { schema: BookableCourses, signal }),
  staleTime: 5 * 60_000,
});

/** A session as `GET /api/sessions` answers it (issue 11 API contract; the scheduling module's). */
export const SessionOption = z.object({
  id: z.number(),
  kind: z.enum(SESSION_KINDS),
  courseId: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  seatsLeft: z.number(),
});
export type SessionOption = z.infer<typeof SessionOption>;
const SessionOptions = z.object({ items: z.array(SessionOption) });

/** How far ahead the booking screens offer sessions. */
const AHEAD_DAYS = 56;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The upcoming sessions of a course with a seat left, soonest first. */
export const courseSessionsQuery = (courseId: number) =>
  queryOptions({
    queryKey: ['sessions', 'bookable', courseId],
    queryFn: async ({ signal }) => {
      const now = new Date();
      const to = new Date(now.getTime() + AHEAD_DAYS * 86_400_000);
      const answer = await apiRequest(`/sessions?from=${isoDay(now)}&to=${isoDay(to)}`, {
        schema: SessionOptions,
        signal,
      });
      return answer.items
        .filter((session) => session.courseId === courseId && new Date(session.startsAt) > now)
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    },
  });

export function useCreateBookingMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { sessionId: number; studentId?: number }) =>
      apiRequest('/bookings', { schema: BookingCreated, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['bookings'] }),
  });
}

export function useCreateBatchMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchBookingInput) =>
      apiRequest('/bookings/batch', { schema: BatchBookingCreated, method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['bookings'] }),
  });
}

/** `POST /api/bookings/:id/cancel` (the client gives it its Idempotency-Key). */
export function useCancelBookingMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/bookings/${id}/cancel`, { schema: BookingCancelled, method: 'POST', body: {} }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['bookings'] });
      // What is left to refund of its payments changed with it.
      void client.invalidateQueries({ queryKey: ['refunds'] });
    },
  });
}

/** `POST /api/bookings/:id/move` to another session of the same course and kind. */
export function useMoveBookingMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      apiRequest(`/bookings/${id}/move`, { schema: BookingMoved, method: 'POST', body: { sessionId } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['bookings'] }),
        client.invalidateQueries({ queryKey: ['sessions'] }),
      ]),
  });
}
