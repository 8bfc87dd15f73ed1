import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobPage, JobQueues } from '@tasreeh/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { JobsPage } from './jobs-page.tsx';

const QUEUES: JobQueues = {
  items: [
    {
      name: 'outbox-send',
      schedule: null,
      counts: { created: 0, retry: 1, active: 0, completed: 12, cancelled: 0, failed: 2 },
      lastCompletedAt: '2026-12-02T09:00:00.000Z',
    },
    {
      name: 'prune-idempotency-keys',
      schedule: '45 * * * *',
      counts: { created: 1, retry: 0, active: 0, completed: 3, cancelled: 0, failed: 0 },
      lastCompletedAt: null,
    },
  ],
};

const FAILED: JobPage = {
  items: [
    {
      id: '0b9f8a4e-3c1d-4e0a-9a43-7a1f2f5e6d01',
      queue: 'outbox-send',
      state: 'failed',
      retryCount: 4,
      retryLimit: 4,
      createdAt: '2026-12-02T08:00:00.000Z',
      startAfter: '2026-12-02T08:05:00.000Z',
      completedAt: '2026-12-02T08:06:00.000Z',
      error: 'SMS gateway answered 503',
      abilities: { retry: true, cancel: false },
    },
  ],
  nextCursor: null,
};

interface Sent {
  method: string;
  url: URL;
  key: string | null;
}

function stub(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      sent.push({ method, url, key: new Headers(init.headers).get('idempotency-key') });
      const path = url.pathname.replace(/^\/api/, '');
      const body =
        method === 'POST'
          ? { id: FAILED.items[0]?.id, message: 'The job will run again.' }
          : path === '/jobs/queues'
            ? QUEUES
            : path === '/jobs/count'
              ? { total: url.searchParams.get('state') === 'failed' ? 1 : 0, capped: false }
              : url.searchParams.get('state') === 'failed'
                ? FAILED
                : { items: [], nextCursor: null };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return sent;
}

function renderPage() {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ModalsProvider>
        <MemoryRouter initialEntries={['/admin/jobs']}>
          <JobsPage />
        </MemoryRouter>
      </ModalsProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JobsPage', () => {
  it('shows each queue counted by state, then the failed jobs with their error', async () => {
    const sent = stub();
    renderPage();
    const queues = await screen.findByRole('table', { name: 'Queues' });
    const outbox = within(queues).getByTestId('queue-outbox-send');
    expect(within(outbox).getByText('Messages (SMS and email)')).toBeInTheDocument();
    expect(
      within(outbox).getByRole('button', { name: 'Show the 2 Failed jobs of Messages (SMS and email)' }),
    ).toHaveTextContent('2');
    expect(within(queues).getByTestId('queue-prune-idempotency-keys')).toHaveTextContent(
      'schedule 45 * * * * (UTC)',
    );

    const failed = await screen.findByRole('table', { name: 'Jobs: Failed' });
    expect(within(failed).getByText('SMS gateway answered 503')).toBeInTheDocument();
    expect(within(failed).getByText('5 of 5')).toBeInTheDocument();
    // The list asks for the failed jobs, and never sends a search the API does not take.
    const list = sent.find((call) => call.url.pathname === '/api/jobs');
    expect(list?.url.searchParams.get('state')).toBe('failed');
    expect(list?.url.searchParams.has('search')).toBe(false);
  });

  it('retries a failed job only after its confirmation, once, with an Idempotency-Key, then asks again', async () => {
    const sent = stub();
    renderPage();
    const failed = await screen.findByRole('table', { name: 'Jobs: Failed' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this job?' });
    expect(sent.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
    const retry = sent.find((call) => call.method === 'POST');
    expect(retry?.url.pathname).toBe(`/api/jobs/outbox-send/${FAILED.items[0]?.id}/retry`);
    expect(retry?.key).toBeTruthy();
    // The queues and the list are asked again, so the retried job leaves the failed ones.
    const after = sent.indexOf(retry as Sent);
    await waitFor(() =>
      expect(sent.slice(after).filter((call) => call.url.pathname === '/api/jobs/queues')).toHaveLength(1),
    );
  });

  it('opens the jobs of a queue and state from its count', async () => {
    const sent = stub();
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Show the 1 Waiting to retry jobs of Messages (SMS and email)',
      }),
    );
    expect(await screen.findByText('No jobs in the state “Waiting to retry”.')).toBeInTheDocument();
    const last = sent.filter((call) => call.url.pathname === '/api/jobs').at(-1);
    expect(last?.url.searchParams.get('state')).toBe('retry');
    expect(last?.url.searchParams.get('queue')).toBe('outbox-send');
  });

  it('reads in Arabic, right to left', async () => {
    await i18next.changeLanguage('ar');
    stub();
    renderPage();
    expect(await screen.findByRole('table', { name: 'قوائم المهام' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'المهام: فاشلة' })).toBeInTheDocument();
    expect(screen.getByText('الرسائل (النصية والبريد الإلكتروني)', { selector: 'p' })).toBeInTheDocument();
  });
});
