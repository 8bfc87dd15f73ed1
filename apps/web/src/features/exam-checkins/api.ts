import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CheckinPhotoKind, CheckinView, z } from '@tasreeh/shared';
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
