import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Certificate,
  CertificateKey,
  CertificateList,
  CertificatePage,
  CertificateStatusAnswer,
  PublicCertificateList,
  z,
} from '@tasreeh/shared';
import { apiRequest, publicBlob } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';

/** The student's own certificates, or the corporate's students', newest first, a page at a time. */
export const myCertificatesQuery = () =>
  infiniteQueryOptions({
    queryKey: ['certificates', 'mine'],
    queryFn: ({ signal, pageParam }) =>
      apiRequest(`/certificates?${new URLSearchParams(pageParam ? { cursor: pageParam } : {})}`, {
        schema: CertificatePage,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export type InquiryKey = { number: string } | { idNumber: string };

function keyParams(key: InquiryKey): URLSearchParams {
  return new URLSearchParams('number' in key ? { number: key.number } : { idNumber: key.idNumber });
}

/** health-check (read_20): the staff inquiry, full names. */
export const certificateSearchQuery = (key: InquiryKey) =>
  queryOptions({
    queryKey: ['certificates', 'search', key],
    queryFn: ({ signal }) =>
      apiRequest(`/certificates/search?${keyParams(key)}`, { schema: CertificateList, signal }),
    retry: false,
  });

const Revoked = Certificate.extend({ message: z.string() });

/** health-check (edit_20): revokes a certificate with the reason; the answer is the certificate, revoked. */
export function revokeCertificate(id: number, reason: string) {
  return apiRequest(`/certificates/${id}/revoke`, { schema: Revoked, method: 'POST', body: { reason } });
}

/** A revoke; the search that showed the certificate shows it revoked, and the holder lists are read again. */
export function useRevokeCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => revokeCertificate(id, reason),
    onSuccess: ({ message: _message, ...revoked }) => {
      client.setQueriesData<CertificateList>({ queryKey: ['certificates', 'search'] }, (old) =>
        old ? { items: old.items.map((item) => (item.id === revoked.id ? revoked : item)) } : old,
      );
      void client.invalidateQueries({ queryKey: ['certificates', 'mine'] });
    },
  });
}

const Reissued = Certificate.extend({ message: z.string() });

/**
 * health-check (edit_20): reissues a certificate after a name correction, with the reason; the
 * answer is the new certificate (the old one is revoked as "reissued").
 */
export function reissueCertificate(id: number, reason: string) {
  return apiRequest(`/certificates/${id}/reissue`, { schema: Reissued, method: 'POST', body: { reason } });
}

/** A reissue; every certificate list is read again, since two rows changed (the old one and the new). */
export function useReissueCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => reissueCertificate(id, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ['certificates'] }),
  });
}

/** The public inquiry: one solved challenge per call. */
export function publicInquiry(key: InquiryKey, altcha: string) {
  const params = keyParams(key);
  params.set('altcha', altcha);
  return apiRequest(`/public/certificates?${params}`, { schema: PublicCertificateList, token: null });
}

/** The centre's public key (base64url of the raw Ed25519 key). */
export async function fetchPublicKey(): Promise<string> {
  const answer = await apiRequest('/public/certificate-key', { schema: CertificateKey, token: null });
  return answer.publicKey;
}

/** The online check of a signed code: the certificate's status in the centre's records. */
export function fetchCertificateStatus(code: string): Promise<CertificateStatusAnswer> {
  return apiRequest('/public/certificates/status', {
    schema: CertificateStatusAnswer,
    method: 'POST',
    body: { code },
    token: null,
  });
}

/**
 * The holder's photo a certificate in force keeps, for its signed code (sent in the body, never
 * in the address): shown on `/verify` after a good online check.
 */
export const certificatePhotoQuery = (code: string) =>
  queryOptions({
    queryKey: ['certificates', 'photo', code],
    queryFn: ({ signal }) => publicBlob('/public/certificates/photo', { code }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Downloads a certificate's PDF with the bearer token (a plain link cannot send it), named by its serial when known. */
export async function downloadCertificate(id: number, serial?: string): Promise<void> {
  return downloadApiFile(`/certificates/${id}/pdf`, `${serial ?? `certificate-${id}`}.pdf`);
}
