import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { changedContacts } from '../components/contact-change-modal.tsx';
import { STORED_STUDENT } from '../student.fixture.ts';
import { EditStudentPage } from './student-form-page.tsx';

const STORED = STORED_STUDENT;

const CHANGED = 'The login contact has been changed, and the account signed out everywhere.';

/** The API as this screen meets it: each call answered by its method and path, and recorded. */
function stubApi(): Mock {
  const json = (body: unknown) => new Response(JSON.stringify(body));
  const api = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/students/12') return json(STORED);
    if (method === 'GET' && path === '/students/placement/branches') return json([STORED.branch]);
    if (method === 'POST' && path === '/students/12/contact-change') {
      return json({
        data: { field: 'phone', sentTo: '+966589990001', digits: 6, resendAfterSeconds: 120 },
        message: 'A code has been sent to +966589990001.',
      });
    }
    if (method === 'POST' && path === '/students/12/contact-change/verify')
      return json({ id: 12, message: CHANGED });
    if (method === 'PATCH' && path === '/students/12')
      return json({ id: 12, message: 'Records have been updated.' });
    return json([]);
  });
  vi.stubGlobal('fetch', api);
  return api;
}

const callsTo = (api: Mock, method: string, path: string) =>
  api.mock.calls
    .filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/students/edit/12']}>
        <Routes>
          <Route path="/admin/students/edit/:id" element={<EditStudentPage />} />
          <Route path="/admin/students/profile/:id" element={<p>Profile shown</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function changeMobile(user: ReturnType<typeof userEvent.setup>) {
  const mobile = await screen.findByRole('textbox', { name: /Mobile/ });
  await user.clear(mobile);
  await user.type(mobile, '0589990001');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('dialog', { name: 'Confirm the new mobile number' });
}

let api: Mock;
beforeEach(() => {
  api = stubApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing a student’s login phone', () => {
  it('sends a code to the new phone, takes it in the OTP modal, and only then saves the edit', async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await changeMobile(user);
    expect(callsTo(api, 'POST', '/students/12/contact-change')).toEqual([{ phone: '+966589990001' }]);
    expect(await within(dialog).findByTestId('otp-phone')).toHaveTextContent('+966589990001');
    expect(callsTo(api, 'PATCH', '/students/12')).toEqual([]);

    await user.click(within(dialog).getByRole('textbox', { name: 'Digit 1 of 6' }));
    await user.paste('123456');
    await screen.findByText('Profile shown');
    expect(callsTo(api, 'POST', '/students/12/contact-change/verify')).toEqual([{ code: '123456' }]);
    expect(callsTo(api, 'PATCH', '/students/12')).toEqual([
      expect.objectContaining({ mobile: '0589990001', email: 'amin@example.com' }),
    ]);
  });

  it('saves nothing when the modal is closed', async () => {
    const user = userEvent.setup();
    renderPage();
    const dialog = await changeMobile(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(api, 'POST', '/students/12/contact-change/verify')).toEqual([]);
    expect(callsTo(api, 'PATCH', '/students/12')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('changedContacts', () => {
  it('compares as the API does: the e-mail lower-cased, the phone as E.164', () => {
    const stored = { email: 'amin@example.com', phone: '+966583000001' };
    expect(changedContacts(stored, { email: ' Amin@Example.com ', phone: '٠٥٨٣٠٠٠٠٠١' })).toEqual([]);
    expect(changedContacts(stored, { email: 'new@example.com', phone: '0589990001' })).toEqual([
      { field: 'email', value: 'new@example.com' },
      { field: 'phone', value: '+966589990001' },
    ]);
    expect(
      changedContacts({ email: 'a@b.co', phone: null }, { email: 'a@b.co', phone: '0589990001' }),
    ).toEqual([{ field: 'phone', value: '+966589990001' }]);
  });
});
