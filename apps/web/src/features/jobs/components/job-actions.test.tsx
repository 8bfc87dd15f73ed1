import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobSummary } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { JobActions } from './job-actions.tsx';

const job = (state: JobSummary['state'], abilities: JobSummary['abilities']): JobSummary => ({
  id: '0b9f8a4e-3c1d-4e0a-9a43-7a1f2f5e6d01',
  queue: 'outbox-send',
  state,
  retryCount: 0,
  retryLimit: 4,
  createdAt: '2026-12-02T08:00:00.000Z',
  startAfter: '2026-12-02T08:05:00.000Z',
  completedAt: null,
  error: null,
  abilities,
});

function renderActions(summary: JobSummary) {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <JobActions job={summary} />
    </QueryClientProvider>,
  );
}

describe('JobActions', () => {
  it("offers what the job's abilities allow: a waiting job is cancelled", () => {
    renderActions(job('created', { retry: false, cancel: true }));
    expect(screen.getByRole('button', { name: 'Cancel job' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers nothing the server refused, whatever the state says', () => {
    renderActions(job('failed', { retry: false, cancel: false }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
