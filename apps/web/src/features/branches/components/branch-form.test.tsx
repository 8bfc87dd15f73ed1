import { MESSAGES } from '@tasreeh/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BranchForm, bodyOf, validateBranch, valuesOf } from './branch-form.tsx';

function renderForm(onSubmit = vi.fn(async () => undefined)) {
  renderWithProviders(
    <MemoryRouter>
      <BranchForm submitting={false} cancelTo="/admin/branch-management" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return onSubmit;
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('BranchForm', () => {
  it('shows the shared rules’ messages on their fields, marks them invalid and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.REQUIRED.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.SELECT_REGION.en)).toBeInTheDocument();
    const nameEn = screen.getByRole('textbox', { name: /Name in English/ });
    expect(nameEn).toHaveAttribute('aria-invalid', 'true');
    expect(nameEn).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the same messages in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.ar)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.SELECT_REGION.ar)).toBeInTheDocument();
  });

  it('takes rent in Arabic digits, leaves blanks out and turns stored halalas back into riyals', () => {
    const values = {
      ...valuesOf(undefined),
      nameEn: 'Dammam Centre',
      nameAr: 'مركز الدمام',
      code: 'dmm-09',
      region: 'SA-04',
      city: 'dammam',
      rentAmount: '٤٥٠٠٫٥٠',
    };
    expect(validateBranch(values)).toEqual({});
    expect(bodyOf(values)).not.toHaveProperty('crExpiry');
    expect(validateBranch({ ...values, rentAmount: '45x' })).toEqual({ rentAmount: 'AMOUNT_INVALID' });
    expect(validateBranch({ ...values, city: 'jeddah' })).toEqual({ city: 'SELECT_CITY' });
  });
});
