import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Corporate } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { STORED_CORPORATE } from '../corporate.fixture.ts';
import { CorporateProfilePage } from './corporate-profile-page.tsx';

const CORPORATE = STORED_CORPORATE;

function renderProfile(abilities: Corporate['abilities']) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ ...CORPORATE, abilities }))),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/corporate/profile/5']}>
        <Routes>
          <Route path="/admin/corporate/profile/:id" element={<CorporateProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CorporateProfilePage', () => {
  it('offers the edit to a caller the corporate lets edit it', async () => {
    renderProfile({ edit: true });
    expect(await screen.findByRole('link', { name: 'Edit corporate' })).toBeInTheDocument();
  });

  it('offers no edit to a caller it does not', async () => {
    renderProfile({ edit: false });
    expect(await screen.findByRole('heading', { name: 'Golden Bakery' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit corporate' })).not.toBeInTheDocument();
  });
});
