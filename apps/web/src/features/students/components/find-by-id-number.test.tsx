import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FindByIdNumber } from './find-by-id-number.tsx';

function renderBox(onFound = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <FindByIdNumber id="find" onFound={onFound} />
    </QueryClientProvider>,
  );
  return onFound;
}

const notFound = (language: 'en' | 'ar') =>
  new Response(
    JSON.stringify({
      statusCode: 404,
      code: 'NO_STUDENT_WITH_ID',
      message: MESSAGES.NO_STUDENT_WITH_ID[language],
    }),
    { status: 404 },
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage('en'));
});

describe('FindByIdNumber', () => {
  it('asks for a number before looking anything up', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderBox();
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByText(MESSAGES.REQUIRED.en)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('looks the number up in ASCII digits and says "No student found with this ID." when none', async () => {
    const fetch = vi.fn(async (_url: string) => notFound('en'));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const onFound = renderBox();
    await user.type(screen.getByRole('textbox', { name: /Find by ID number/ }), '٢٠٠٠٠٠٠٠٠٦');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No student found with this ID.')).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/students\/by-id-number\/2000000006$/);
    expect(onFound).not.toHaveBeenCalled();
  });

  it('says it in Arabic on an Arabic screen', async () => {
    await act(() => i18next.changeLanguage('ar'));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => notFound('ar')),
    );
    const user = userEvent.setup();
    renderBox();
    await user.type(screen.getByRole('textbox', { name: /البحث برقم الهوية/ }), '2999999999');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    expect(await screen.findByText(MESSAGES.NO_STUDENT_WITH_ID.ar)).toBeInTheDocument();
  });
});
