import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { StudentRegisterPage } from './student-register-page.tsx';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/student-register']}>
        <StudentRegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify([{ id: 1, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' }])),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentRegisterPage', () => {
  it('does not go on with an empty first step: shows the §5 messages and focuses the first field', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.ENTER_DATE.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SELECT_GENDER.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SELECT_NATIONALITY.en)).toBeInTheDocument();
    const arabicName = screen.getByRole('textbox', { name: /Full name in Arabic/ });
    expect(arabicName).toHaveFocus();
    expect(arabicName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Step 1 of 5: Personal details');
  });

  it('clears a field’s message as soon as it is changed', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: /Full name in English/ }), 'Ali');
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(1);
  });
});
