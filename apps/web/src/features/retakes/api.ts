import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BookingCreated,
  EXAM_SESSION_TYPES,
  type RetakeDueKind,
  RetakePage,
  SESSION_KINDS,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface RetakeListParams {
  /** A student's name or ID number. */
  search: string;
  courseId: string;
  due: '' | RetakeDueKind;
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

/** `GET /api/retakes`: who is due a retake and what (read_9). */
export const retakeListQuery = (params: RetakeListParams) =>
  queryOptions({
    queryKey: ['retakes', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/retakes', params), { schema: RetakePage, signal }),
    placeholderData: keepPreviousData,
  });

export const retakeCountQuery = (params: RetakeListParams) => listCountQuery(['retakes'], '/retakes', params);

const RetakeSession = z.object({
  id: z.number(),
  kind: z.enum(SESSION_KINDS),
  courseId: z.number(),
  examType: z.enum(EXAM_SESSION_TYPES).nullable(),
  language: z.string(),
  startsAt: z.string(),
  capacity: z.number(),
  seatsLeft: z.number(),
});
export type RetakeSession = z.infer<typeof RetakeSession>;

/** How far ahead a retake may be booked. */
const AHEAD_DAYS = 56;

/** The upcoming exam sessions of a course of one form (ReAssessment or ReTake), soonest first. */
export const retakeSessionsQuery = (courseId: number, examType: 'ReAssessment' | 'ReTake') =>
  queryOptions({
    queryKey: ['sessions', 'retake', courseId, examType],
    queryFn: async ({ signal }) => {
      const now = new Date();
      const to = new Date(now.getTime() + AHEAD_DAYS * 86_400_000);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const answer = await apiRequest(
        `/sessions?from=${day(now)}&to=${day(to)}&courseId=${courseId}&kind=exam`,
        {
          schema: z.object({ items: z.array(RetakeSession) }),
          signal,
        },
      );
      return answer.items
        .filter(
          (session) =>
            session.courseId === courseId &&
            session.kind === 'exam' &&
            session.examType === examType &&
            new Date(session.startsAt) > now,
        )
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    },
  });

/** `POST /api/retakes/bookings`: the seat in the retake session (the client gives it its Idempotency-Key). */
export function useBookRetakeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { studentId: number; sessionId: number }) =>
      apiRequest('/retakes/bookings', { schema: BookingCreated, method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['retakes'] });
      void client.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
