import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Finger, FingerprintStatus, z } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';

export const fingerprintQuery = (studentId: string) =>
  queryOptions({
    queryKey: ['fingerprints', studentId],
    queryFn: ({ signal }) =>
      apiRequest(`/students/${studentId}/fingerprint`, { schema: FingerprintStatus, signal }),
  });

const Enrolled = z.object({ studentId: z.number(), finger: z.string(), message: z.string() });
const Removed = z.object({ studentId: z.number(), message: z.string() });

export function useEnrolFingerprintMutation(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { finger: Finger; captures: string[] }) =>
      apiRequest(`/students/${studentId}/fingerprint`, { method: 'PUT', body: input, schema: Enrolled }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fingerprints', studentId] }),
  });
}

export function useRemoveFingerprintMutation(studentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`/students/${studentId}/fingerprint`, { method: 'DELETE', schema: Removed }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fingerprints', studentId] }),
  });
}
