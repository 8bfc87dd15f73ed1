import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AttemptOutcome, type CheckinPhotoKind, CheckinView, LiveSession, z } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

export const checkinQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['exam-checkins', bookingId],
    queryFn: ({ signal }) => apiRequest(`/exam-checkins/${bookingId}`, { schema: CheckinView, signal }),
  });

const Done = z.object({ bookingId: z.number(), message: z.string() });

/** Every check-in write answers a message; the check-in is read again afterwards. */
function useCheckinWrite<Input>(bookingId: string, send: (input: Input) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: ['exam-checkins', bookingId] }),
  });
}

export const useIdNumberMutation = (bookingId: string) =>
  useCheckinWrite(bookingId, (idNumber: string) =>
    apiRequest(`/exam-checkins/${bookingId}/id-number`, { body: { idNumber }, schema: Done }),
  );

export const usePhotoMutation = (bookingId: string) =>
  useCheckinWrite(bookingId, ({ kind, photo }: { kind: CheckinPhotoKind; photo: Blob }) => {
    const form = new FormData();
    form.append('file', photo, `${kind}.jpg`);
    return apiRequest(`/exam-checkins/${bookingId}/photos/${kind}`, {
      method: 'PUT',
      body: form,
      schema: Done,
    });
  });

export const useFingerprintCheckMutation = (bookingId: string) =>
  useCheckinWrite(bookingId, (sample: string) =>
    apiRequest(`/exam-checkins/${bookingId}/fingerprint`, { body: { sample }, schema: Done }),
  );

/** How often the live view asks again. */
export const LIVE_POLL_MS = 5000;

export const liveSessionQuery = (sessionId: number) =>
  queryOptions({
    queryKey: ['exam-sessions', sessionId, 'live'],
    queryFn: ({ signal }) => apiRequest(`/exam-sessions/${sessionId}/live`, { schema: LiveSession, signal }),
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: true,
  });

const Anything = z.unknown();
const TimeChanged = z.object({ id: z.number(), endsAt: z.string() });

/** A proctor's write on one candidate; each is recorded with its reason (exam_proctor_actions). */
export type ProctorWrite =
  | { action: 'admit'; sessionId: number; bookingId: number; reason: string }
  | { action: 'extra-time'; attemptId: number; minutes: number; reason: string }
  | { action: 'stop'; attemptId: number; reason: string }
  | { action: 'restart'; attemptId: number; reason: string }
  | { action: 'attendance'; bookingId: number; status: 'Attended' | 'Absent' }
  | { action: 'practical-score'; attemptId: number; score: number };

/** The contract's route of each write (issue 12, proctoring). */
export function sendProctorWrite(write: ProctorWrite): Promise<unknown> {
  switch (write.action) {
    case 'admit':
      return apiRequest(`/exam-sessions/${write.sessionId}/bookings/${write.bookingId}/admit`, {
        schema: Anything,
        method: 'POST',
        body: { reason: write.reason },
      });
    case 'extra-time':
      return apiRequest(`/exam-attempts/${write.attemptId}/extra-time`, {
        schema: TimeChanged,
        method: 'POST',
        body: { minutes: write.minutes, reason: write.reason },
      });
    case 'stop':
      return apiRequest(`/exam-attempts/${write.attemptId}/stop`, {
        schema: AttemptOutcome,
        method: 'POST',
        body: { reason: write.reason },
      });
    case 'restart':
      return apiRequest(`/exam-attempts/${write.attemptId}/restart`, {
        schema: TimeChanged,
        method: 'POST',
        body: { reason: write.reason },
      });
    case 'attendance':
      return apiRequest(`/bookings/${write.bookingId}/attendance`, {
        schema: Anything,
        method: 'PUT',
        body: { status: write.status },
      });
    case 'practical-score':
      return apiRequest(`/exam-attempts/${write.attemptId}/practical-score`, {
        schema: AttemptOutcome,
        method: 'PUT',
        body: { score: write.score },
      });
  }
}

/** A proctor write; the live view is read again after it. */
export function useProctorWrite(sessionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendProctorWrite,
    onSettled: () => client.invalidateQueries({ queryKey: ['exam-sessions', sessionId, 'live'] }),
  });
}
