import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AttemptAnswerSaved,
  AttemptOutcome,
  AttemptReview,
  AttemptView,
  type AttemptView as AttemptViewType,
  type ExamSessionType,
  MyExamPage,
  type MyExamTab,
} from '@tasreeh/shared';
import { apiBlob, apiRequest, newIdempotencyKey } from '../../api/client.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the student's `exam` lists ask for: a tab, filters, keyset pages. */
export interface MyExamListParams {
  tab: MyExamTab;
  sort: 'startsAt';
  order: 'asc' | 'desc';
  courseId: string;
  examType: '' | ExamSessionType;
  from: string;
  to: string;
  cursor: string | undefined;
  limit: number;
}

export const myExamListQuery = (params: MyExamListParams) =>
  queryOptions({
    queryKey: ['my-exams', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/my-exams', params), { schema: MyExamPage, signal }),
    placeholderData: keepPreviousData,
  });

export const myExamCountQuery = (params: MyExamListParams) =>
  listCountQuery(['my-exams'], '/my-exams', params);

/** The API's paths as the contract gives them (`/api/…`), as the client takes them (after the base). */
function apiPathOf(url: string): string {
  return url.replace(/^\/api(?=\/)/, '');
}

/** `GET /api/exam-attempts/by-booking/:bookingId`: the booking's attempt, if one was started. */
export function attemptByBooking(bookingId: number, signal?: AbortSignal) {
  return apiRequest(`/exam-attempts/by-booking/${bookingId}`, { schema: AttemptView, signal });
}

/** `GET /api/exam-attempts/:id` */
export function attemptById(attemptId: number, signal?: AbortSignal) {
  return apiRequest(`/exam-attempts/${attemptId}`, { schema: AttemptView, signal });
}

/**
 * The start's Idempotency-Key, kept in sessionStorage per booking: a retry (a reload, a lost
 * answer) is the same start, and the server answers it with the same attempt.
 */
export function startKeyOf(bookingId: number): string {
  const storageKey = `tasreeh.exam.start.${bookingId}`;
  try {
    const kept = sessionStorage.getItem(storageKey);
    if (kept) return kept;
    const key = newIdempotencyKey();
    sessionStorage.setItem(storageKey, key);
    return key;
  } catch {
    return newIdempotencyKey();
  }
}

/** `POST /api/exam-attempts`: starts the booking's attempt (or answers the one already started). */
export function startAttempt(bookingId: number, language?: string): Promise<AttemptViewType> {
  return apiRequest('/exam-attempts', {
    schema: AttemptView,
    method: 'POST',
    body: language ? { bookingId, language } : { bookingId },
    idempotencyKey: startKeyOf(bookingId),
  });
}

/** `PUT /api/exam-attempts/:id/answers/:questionId`, acknowledged after the server committed it. */
export function saveAnswer(attemptId: number, questionId: number, answerId: number) {
  return apiRequest(`/exam-attempts/${attemptId}/answers/${questionId}`, {
    schema: AttemptAnswerSaved,
    method: 'PUT',
    body: { answerId },
  });
}

/** `POST /api/exam-attempts/:id/submit`; submitting twice answers the same outcome. */
export function submitAttempt(attemptId: number) {
  return apiRequest(`/exam-attempts/${attemptId}/submit`, {
    schema: AttemptOutcome,
    method: 'POST',
    body: {},
  });
}

export const attemptQuery = (attemptId: number) =>
  queryOptions({
    queryKey: ['exam-attempts', attemptId],
    queryFn: ({ signal }) => attemptById(attemptId, signal),
  });

export const attemptReviewQuery = (attemptId: number) =>
  queryOptions({
    queryKey: ['exam-attempts', attemptId, 'review'],
    queryFn: ({ signal }) =>
      apiRequest(`/exam-attempts/${attemptId}/review`, { schema: AttemptReview, signal }),
  });

/** An image or recording of a question (the media route needs the bearer token), as a Blob. */
export const attemptMediaQuery = (url: string) =>
  queryOptions({
    queryKey: ['exam-media', url],
    queryFn: ({ signal }) => apiBlob(apiPathOf(url), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
