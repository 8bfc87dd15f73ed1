import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CertificateKey,
  CertificateList,
  CertificatePage,
  CertificateStatusAnswer,
  PublicCertificateList,
} from '@tasreeh/shared';
import { apiBlob, apiRequest } from '../../api/client.ts';

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

/** Downloads a certificate's PDF with the bearer token (a plain link cannot send it). */
export async function downloadCertificate(id: number, serial: string): Promise<void> {
  const blob = await apiBlob(`/certificates/${id}/pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${serial}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
