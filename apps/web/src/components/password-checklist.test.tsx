import { MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '../i18n/index.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

function ruleState(code: string): string | null {
  const item = document.querySelector(`[data-rule="${code}"]`);
  return item?.getAttribute('data-met') ?? null;
}

describe('PasswordChecklist', () => {
  it('lists the five reset-flow rules with their exact spec messages', () => {
    renderWithProviders(<PasswordChecklist password="" rePassword="" />);
    for (const code of [
      'PASSWORD_MIN_8',
      'PASSWORD_UPPERCASE',
      'PASSWORD_LOWERCASE',
      'PASSWORD_NUMBER',
      'PASSWORD_SPECIAL',
    ] as const) {
      expect(screen.getByText(MESSAGES[code].en)).toBeInTheDocument();
      expect(ruleState(code)).toBe('false');
    }
  });

  it('marks each rule as met while the password is typed', () => {
    const { rerender } = renderWithProviders(<PasswordChecklist password="abc" rePassword="" />);
    expect(ruleState('PASSWORD_LOWERCASE')).toBe('true');
    expect(ruleState('PASSWORD_UPPERCASE')).toBe('false');
    rerender(<PasswordChecklist password="Abcdefg1!" rePassword="" />);
    expect(ruleState('PASSWORD_MIN_8')).toBe('true');
    expect(ruleState('PASSWORD_UPPERCASE')).toBe('true');
    expect(ruleState('PASSWORD_NUMBER')).toBe('true');
    expect(ruleState('PASSWORD_SPECIAL')).toBe('true');
  });

  it('says "Passwords do not match" until the confirmation matches', () => {
    renderWithProviders(<PasswordChecklist password="Abcdefg1!" rePassword="Abcdefg1" />);
    expect(screen.getByText(MESSAGES.PASSWORDS_DO_NOT_MATCH.en)).toBeInTheDocument();
  });

  it('shows the Arabic texts in Arabic', async () => {
    await i18next.changeLanguage('ar');
    try {
      renderWithProviders(<PasswordChecklist password="" rePassword="" />);
      expect(screen.getByText(MESSAGES.PASSWORD_MIN_8.ar)).toBeInTheDocument();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
