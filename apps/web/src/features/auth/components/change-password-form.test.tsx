import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, type MessageCode } from '@tasreeh/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { clearStoredSession, storeAccess } from '../session.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearStoredSession();
});

function Landed() {
  return <output data-testid="landed">{useLocation().pathname}</output>;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ChangePasswordForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const LABELS = {
  en: { old: /^old password/i, new: /^new password/i, confirm: /^confirm new password/i, submit: 'Submit' },
  ar: {
    old: /^كلمة المرور القديمة/,
    new: /^كلمة المرور الجديدة/,
    confirm: /^تأكيد كلمة المرور الجديدة/,
    submit: 'إرسال',
  },
} as const;

const DEMO = 'Tasreeh@2026';

/** The change-flow rules in their order (spec §5): each case breaks the first rule it names. */
const CASES: [{ old: string; new: string; confirm: string }, MessageCode][] = [
  [{ old: '', new: '', confirm: '' }, 'FILL_ALL_FIELDS'],
  [{ old: DEMO, new: 'abcdefg1', confirm: 'abcdefg2' }, 'NEW_PASSWORDS_DO_NOT_MATCH'],
  [{ old: DEMO, new: DEMO, confirm: DEMO }, 'NEW_PASSWORD_SAME_AS_OLD'],
  [{ old: DEMO, new: 'abc1', confirm: 'abc1' }, 'PASSWORD_MORE_THAN_8'],
  [{ old: DEMO, new: 'ABCDEFG1', confirm: 'ABCDEFG1' }, 'PASSWORD_ONE_LOWERCASE'],
  [{ old: DEMO, new: 'abcdefgh', confirm: 'abcdefgh' }, 'PASSWORD_ONE_NUMBER'],
];

describe('ChangePasswordForm', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows the first broken rule under the form and calls nothing (${language})`, async () => {
      await i18next.changeLanguage(language);
      try {
        const calls = stubApi(() => ({ status: 500, body: {} }));
        renderForm();
        const user = userEvent.setup();
        const labels = LABELS[language];
        for (const [change, code] of CASES) {
          for (const [label, value] of [
            [labels.old, change.old],
            [labels.new, change.new],
            [labels.confirm, change.confirm],
          ] as const) {
            fireEvent.change(screen.getByLabelText(label), { target: { value } });
          }
          await user.click(screen.getByRole('button', { name: labels.submit }));
          expect(screen.getByTestId('form-error')).toHaveTextContent(MESSAGES[code][language]);
        }
        expect(calls).toEqual([]);
      } finally {
        await i18next.changeLanguage('en');
      }
    });
  }

  it('shows the API’s refusal of a common password under the form, like its own checks', async () => {
    const calls = stubApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'PASSWORD_TOO_COMMON',
        message: MESSAGES.PASSWORD_TOO_COMMON.en,
        fields: { newPassword: 'PASSWORD_TOO_COMMON' },
      },
    }));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^old password/i), 'Tasreeh@2026');
    await user.type(screen.getByLabelText(/^new password/i), 'password1');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'password1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(MESSAGES.PASSWORD_TOO_COMMON.en);
    expect(calls[0]).toMatchObject({
      path: '/auth/reset-password',
      body: { oldPassword: 'Tasreeh@2026', newPassword: 'password1' },
    });
  });

  it('sends a first login on to the page it asked for before logging in, once changed', async () => {
    storeAccess('corporate', []);
    stubApi(() => ({
      status: 200,
      body: { data: { statusCode: 200, message: 'Password changed successfully!' } },
    }));
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const first = '/corporate/change-password-first';
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`${first}?next=${encodeURIComponent('/corporate/students')}`]}>
          <Routes>
            <Route path={first} element={<ChangePasswordForm />} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^old password/i), 'Tasreeh@2026');
    await user.type(screen.getByLabelText(/^new password/i), 'mine-2026x');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'mine-2026x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/corporate/students');
  });

  it('states the length the rule really takes: 8 is accepted, 7 gets the spec message', async () => {
    const calls = stubApi(() => ({
      status: 200,
      body: { data: { statusCode: 200, message: 'Password changed successfully!' } },
    }));
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ChangePasswordForm />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const newPassword = screen.getByLabelText(/^new password/i);
    expect(newPassword).toHaveAccessibleDescription(
      '8 characters or more (8 is enough), with a lowercase letter and a number.',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^old password/i), 'Tasreeh@2026');
    await user.type(newPassword, 'abcdef1');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'abcdef1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(MESSAGES.PASSWORD_MORE_THAN_8.en);
    expect(calls).toHaveLength(0);
    await user.type(newPassword, 'x');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ oldPassword: 'Tasreeh@2026', newPassword: 'abcdef1x' });
  });
});
