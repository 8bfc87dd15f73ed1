import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StudentSummary } from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentListPage } from './student-list-page.tsx';

const STUDENT: StudentSummary = {
  id: 7,
  userId: 70,
  nameEn: 'Amin Hussain',
  nameAr: 'أمين حسين',
  idType: 'passport',
  idNumber: 'BD0000001',
  phone: '+966583000001',
  email: 'amin@example.com',
  nationality: 'BD',
  branch: { id: 3, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' },
  corporate: null,
  onHold: false,
  hasPhoto: false,
  fingerprintEnrolled: false,
  createdAt: '2026-11-01T09:00:00.000Z',
};

/** Every GET the page sends, as `path?query` after `/api`. */
let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, search } = new URL(url, 'http://localhost');
      const request = `${pathname.replace(/^\/api/, '')}${search}`;
      requests.push(request);
      const body = pathname.endsWith('/students/count')
        ? { total: 41, capped: false }
        : pathname.endsWith('/students')
          ? { items: [STUDENT], nextCursor: null }
          : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StudentListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const listRequests = () => requests.filter((request) => request.startsWith('/students?'));
const countRequests = () => requests.filter((request) => request.startsWith('/students/count'));

describe('StudentListPage', () => {
  it('asks the count apart, with the filters only, and sorts by the Name header through sort and order', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('student-total')).toHaveTextContent('41 students'));
    expect(listRequests()).toEqual(['/students?sort=nameEn&order=asc&limit=20']);
    expect(countRequests()).toEqual(['/students/count']);

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listRequests()).toContain('/students?sort=nameEn&order=desc&limit=20'));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(countRequests()).toEqual(['/students/count']);
  });
});
