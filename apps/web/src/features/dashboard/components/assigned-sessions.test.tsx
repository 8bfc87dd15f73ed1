import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AssignedSession } from '@tasreeh/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AssignedSessions } from './assigned-sessions.tsx';

function session(id: number, values: Partial<AssignedSession> = {}): AssignedSession {
  return {
    id,
    courseId: 1,
    courseNameEn: 'Food Safety Basics',
    courseNameAr: 'أساسيات سلامة الغذاء',
    branchNameEn: 'Riyadh Main',
    branchNameAr: 'الرياض الرئيسي',
    startsAt: '2026-11-27T06:00:00.000Z',
    endsAt: '2026-11-27T08:00:00.000Z',
    examType: 'Assessment',
    language: 'ur',
    delivery: 'remote',
    status: 'scheduled',
    seatsTaken: 3,
    examId: 12,
    ...values,
  };
}

let requests: URLSearchParams[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      expect(pathname).toBe('/api/exam-sessions/assigned');
      requests.push(searchParams);
      const body =
        searchParams.get('when') === 'past'
          ? { items: [], nextCursor: null }
          : searchParams.get('cursor') === 'next'
            ? { items: [session(8, { examId: null, delivery: 'in_person' })], nextCursor: null }
            : { items: [session(7)], nextCursor: 'next' };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssignedSessions />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AssignedSessions', () => {
  it("lists the examiner's sessions with the live view and question bank links, a page at a time", async () => {
    const user = userEvent.setup();
    renderList();
    const upcoming = await screen.findByTestId('assigned-sessions-upcoming');
    const first = await within(upcoming).findByText('Food Safety Basics');
    const row = first.closest('[data-testid="assigned-session"]') as HTMLElement;
    expect(row).toHaveTextContent('Riyadh Main · Assessment · Urdu');
    expect(row).toHaveTextContent('27 Nov 2026');
    expect(within(row).getByText('Remote')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Live view' })).toHaveAttribute(
      'href',
      '/examiner/exam-live/7',
    );
    expect(within(row).getByRole('link', { name: 'Question bank' })).toHaveAttribute(
      'href',
      '/examiner/add-exam/12',
    );
    expect(await screen.findByText('No past exam sessions.')).toBeInTheDocument();

    await user.click(within(upcoming).getByRole('button', { name: 'Show more' }));
    const second = await within(upcoming).findAllByTestId('assigned-session');
    expect(second).toHaveLength(2);
    expect(requests.some((params) => params.get('cursor') === 'next')).toBe(true);
    // In Person: no Remote badge.
    expect(within(second[1] as HTMLElement).queryByText('Remote')).toBeNull();
    // A course with no exam yet has no bank to link to.
    expect(within(second[1] as HTMLElement).queryByRole('link', { name: 'Question bank' })).toBeNull();
    expect(within(upcoming).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
