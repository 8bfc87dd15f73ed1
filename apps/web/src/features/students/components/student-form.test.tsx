import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES } from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { StudentsScope } from '../api.ts';
import { StudentForm } from './student-form.tsx';

function renderForm(scope: StudentsScope, onSubmit = vi.fn(async () => undefined)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StudentForm scope={scope} submitting={false} cancelTo="/admin/students" onSubmit={onSubmit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSubmit;
}

beforeEach(() => {
  // One branch in the user's reach (branch staff): it is chosen for them.
  const branches = [{ id: 3, code: 'RUH-01', nameEn: 'Riyadh', nameAr: 'الرياض' }];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(url.endsWith('/placement/branches') ? branches : [])),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StudentForm', () => {
  it('shows the shared rules’ messages, focuses the first field with one and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm('admin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.SELECT_GENDER.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SELECT_ID_TYPE.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PHONE_INVALID.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Full name in Arabic/ })).toHaveFocus();
    expect(screen.queryByText(MESSAGES.SELECT_BRANCH.en)).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('places branch staff in their own branch and offers the corporate and the attachments', async () => {
    renderForm('admin');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Branch/ })).toHaveValue('3'));
    expect(screen.getAllByLabelText('Booked through corporate').length).toBeGreaterThan(0);
    expect(screen.getByText('Personal photo')).toBeInTheDocument();
  });

  it('has neither corporate nor attachments in a corporate’s own form', () => {
    renderForm('corporate');
    expect(screen.queryAllByLabelText('Booked through corporate')).toHaveLength(0);
    expect(screen.queryByText('Personal photo')).not.toBeInTheDocument();
  });
});
