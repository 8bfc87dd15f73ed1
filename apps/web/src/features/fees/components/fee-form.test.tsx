import { computeFees, MESSAGES } from '@tasreeh/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPercent } from '../../../i18n/format.ts';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FeeForm } from './fee-form.tsx';
import { liveBreakdown, valuesOf } from './fee-form-model.ts';

const sar = (riyals: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'SAR' }).format(riyals);

const textOf = (testId: string) => screen.getByTestId(testId).textContent;

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  renderWithProviders(
    <MemoryRouter>
      <FeeForm submitting={false} cancelTo="/admin/fees-setup" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return onSubmit;
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('FeeForm live total', () => {
  it('adds the parts as they are typed: original, Amana as a percent, VAT on both, in SAR', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    expect(screen.getByTestId('fee-total-pending')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Original fee/ }), '200');
    expect(textOf('fee-total')).toBe(sar(230, 'en-GB'));
    await user.click(screen.getByRole('radio', { name: 'A percentage of the original fee' }));
    const amana = screen.getByRole('textbox', { name: /Amana fee \(%\)/ });
    await user.clear(amana);
    await user.type(amana, '10');
    await user.click(screen.getByRole('checkbox', { name: 'The Amana fee' }));
    // 200.00 + 10 % Amana (20.00) + 15 % VAT on both (33.00) = 253.00
    expect(textOf('fee-amana')).toBe(sar(20, 'en-GB'));
    expect(textOf('fee-vat')).toBe(sar(33, 'en-GB'));
    expect(textOf('fee-total')).toBe(sar(253, 'en-GB'));
    await user.click(screen.getByRole('checkbox', { name: 'The original fee' }));
    expect(textOf('fee-total')).toBe(sar(223, 'en-GB'));
  });

  it('reads Arabic-Indic digits as typed, shows the total in Arabic with Latin digits (decision 0012), and waits for a valid amount', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const user = userEvent.setup({ delay: null });
    renderForm();
    const original = screen.getByRole('textbox', { name: /الرسوم الأصلية/ });
    await user.type(original, '١٥٠٫٥٠');
    expect(textOf('fee-total')).toBe(sar(173.08, 'ar-SA-u-nu-latn'));
    expect(screen.getByText(`ضريبة القيمة المضافة (${formatPercent(1_500, 'ar')})`)).toBeInTheDocument();
    await user.type(original, 'x');
    expect(screen.queryByTestId('fee-total')).not.toBeInTheDocument();
    expect(screen.getByTestId('fee-total-pending')).toHaveTextContent(
      'أدخل مبالغ ونسباً صحيحة لعرض الإجمالي.',
    );
  });

  it('is the shared money module’s total, halala for halala', () => {
    const values = {
      ...valuesOf(undefined),
      originalFee: '99.99',
      amanaFeeKind: 'percent' as const,
      amanaFee: '2.5',
    };
    expect(liveBreakdown({ ...values, vatOnAmana: true })).toEqual(
      computeFees({
        originalFee: 9_999,
        amanaFee: { kind: 'percent', rate: 250 },
        vatRate: 1_500,
        vatOnOriginal: true,
        vatOnAmana: true,
      }),
    );
    expect(liveBreakdown({ ...values, amanaFee: '101' })).toBeUndefined();
  });

  it('shows the shared rules’ messages and sends nothing until they pass', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.AMOUNT_INVALID.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name in English/ })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
