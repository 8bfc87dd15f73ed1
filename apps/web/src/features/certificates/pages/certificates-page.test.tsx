import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CertificatesPage } from './certificates-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const certificate = (id: number) => ({
  id,
  serial: `CRT-00000${id}`,
  studentId: 1,
  nameEn: 'Mohammed Rahman',
  nameAr: 'محمد رحمن',
  idNumber: '2123456701',
  courseEn: 'Food safety',
  courseAr: 'سلامة الغذاء',
  score: '86.67',
  issuedOn: '2026-11-26',
  validUntil: '2027-11-26',
  status: id === 1 ? 'expired' : id === 3 ? 'revoked' : 'valid',
  revokedAt: id === 3 ? '2026-11-26T10:00:00.000Z' : null,
  revokedReason: id === 3 ? 'Issued in error' : null,
  code: 'abc.def',
  reissueOf: null,
  reissuedAs: null,
  abilities: { revoke: false, reissue: false },
});

describe('CertificatesPage', () => {
  it('lists the certificates a page at a time and downloads one as a PDF', async () => {
    const urls: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (address: string) => {
        const url = new URL(address, 'http://localhost');
        urls.push(url);
        if (url.pathname.endsWith('/pdf')) {
          return new Response('%PDF-1.7', {
            status: 200,
            headers: { 'Content-Type': 'application/pdf' },
          });
        }
        const body = url.searchParams.get('cursor')
          ? { items: [certificate(1)], nextCursor: null }
          : { items: [certificate(3), certificate(2)], nextCursor: 'next-page' };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:certificate');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/student/certificates']}>
          <CertificatesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('CRT-000003')).toBeInTheDocument();
    // A revoked certificate says so, with the reason, to its holder.
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(screen.getByTestId('revoked-reason-3')).toHaveTextContent('Reason: Issued in error');
    expect(screen.queryByText('CRT-000001')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('CRT-000001')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe('next-page');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download PDF CRT-000002' }));
    await waitFor(() => expect(urls.some((url) => url.pathname.endsWith('/certificates/2/pdf'))).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });
});
