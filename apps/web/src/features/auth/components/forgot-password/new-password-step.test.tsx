import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MESSAGES, type MessageCode } from '@tasreeh/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../../i18n/index.ts';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { NewPasswordStep } from './new-password-step.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LABELS = {
  en: { password: /^new password/i, confirm: /^confirm new password/i, save: 'Save password' },
  ar: { password: /^كلمة المرور الجديدة/, confirm: /^تأكيد كلمة المرور الجديدة/, save: 'حفظ كلمة المرور' },
} as const;

/** The reset-flow rules (spec §5), each case breaking the first one it names. */
const CASES: [string, string, MessageCode][] = [
  ['', '', 'ENTER_NEW_PASSWORD'],
  ['abc', 'abc', 'PASSWORD_MIN_8'],
  ['abcdefgh', 'abcdefgh', 'PASSWORD_UPPERCASE'],
  ['ABCDEFGH', 'ABCDEFGH', 'PASSWORD_LOWERCASE'],
  ['Abcdefgh', 'Abcdefgh', 'PASSWORD_NUMBER'],
  ['Abcdefg1', 'Abcdefg1', 'PASSWORD_SPECIAL'],
  ['Fresh#Start2026', 'Fresh#Start2026x', 'PASSWORDS_DO_NOT_MATCH'],
];

function renderStep(onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <NewPasswordStep verified={{ userId: 7, grant: 'grant-1' }} onDone={onDone} />
    </QueryClientProvider>,
  );
}

describe('NewPasswordStep', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`shows the first broken reset rule under the form and calls nothing (${language})`, async () => {
      await i18next.changeLanguage(language);
      try {
        const calls = stubApi(() => ({ status: 500, body: {} }));
        renderStep();
        const user = userEvent.setup();
        const labels = LABELS[language];
        for (const [password, confirmation, code] of CASES) {
          fireEvent.change(screen.getByLabelText(labels.password), { target: { value: password } });
          fireEvent.change(screen.getByLabelText(labels.confirm), { target: { value: confirmation } });
          await user.click(screen.getByRole('button', { name: labels.save }));
          expect(screen.getByTestId('form-error')).toHaveTextContent(MESSAGES[code][language]);
        }
        expect(calls).toEqual([]);
      } finally {
        await i18next.changeLanguage('en');
      }
    });
  }

  it('shows the API’s refusal of a common password in place, with the rules all met', async () => {
    const calls = stubApi(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'PASSWORD_TOO_COMMON',
        message: MESSAGES.PASSWORD_TOO_COMMON.en,
        fields: { password: 'PASSWORD_TOO_COMMON' },
      },
    }));
    const onDone = vi.fn();
    renderStep(onDone);
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText(LABELS.en.password), { target: { value: 'P@ssw0rd' } });
    fireEvent.change(screen.getByLabelText(LABELS.en.confirm), { target: { value: 'P@ssw0rd' } });
    await user.click(screen.getByRole('button', { name: LABELS.en.save }));
    expect(await screen.findByTestId('form-error')).toHaveTextContent(MESSAGES.PASSWORD_TOO_COMMON.en);
    expect(document.querySelector('[data-rule="PASSWORD_SPECIAL"]')).toHaveAttribute('data-met', 'true');
    expect(calls[0]).toMatchObject({
      path: '/users/update-password',
      body: { userId: 7, password: 'P@ssw0rd', rePassword: 'P@ssw0rd', resetToken: 'grant-1' },
    });
    expect(onDone).not.toHaveBeenCalled();
  });
});
