import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CataloguePage } from './catalogue-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CataloguePage', () => {
  it('keeps a screen’s room while the cards load, so the footer does not jump down when they come', async () => {
    // the catalogue never answers: the page stays as the HTML shows it before its data
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/products']}>
          <CataloguePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const loader = await screen.findByLabelText('Loading...');
    expect(loader.parentElement?.getAttribute('style')).toMatch(/min-height: 100vh/);
  });
});
