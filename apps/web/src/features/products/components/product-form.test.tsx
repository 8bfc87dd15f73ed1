import { MESSAGES, type Product } from '@tasreeh/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { imageProblemOf } from './image-field.tsx';
import { bodyOf, livePriceOf, ProductForm, validateProduct, valuesOf } from './product-form.tsx';

function renderForm(onSubmit = vi.fn(async () => undefined), readOnly = false) {
  renderWithProviders(
    <MemoryRouter>
      <ProductForm submitting={false} readOnly={readOnly} cancelTo="/admin/product" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return onSubmit;
}

const sar = (riyals: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'SAR' }).format(riyals);

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('ProductForm', () => {
  it('shows the shared rules’ messages on their fields and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(MESSAGES.SELECT_PRODUCT_TYPE.en)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.AMOUNT_INVALID.en)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the total with VAT as it is typed, in SAR in each language', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: /Price before VAT/ }), '45.50');
    expect(screen.getByTestId('product-total').textContent).toBe(sar(52.33, 'en-GB'));
    await act(() => i18next.changeLanguage('ar'));
    expect(screen.getByTestId('product-total').textContent).toBe(sar(52.33, 'ar-SA-u-nu-latn'));
  });

  it('hides Save for a user who may only read products', () => {
    renderForm(undefined, true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('reads prices in Arabic digits, leaves blanks out and turns stored halalas back into riyals', () => {
    const values = {
      ...valuesOf(undefined),
      type: 'online',
      code: 'onl-1',
      nameEn: 'HACCP pack',
      nameAr: 'حقيبة الهاسب',
      price: '٩٩٫٩٠',
    };
    expect(validateProduct(values)).toEqual({});
    expect(bodyOf(values)).not.toHaveProperty('descriptionEn');
    expect(livePriceOf(values)).toEqual({ price: 9_990, vatRate: 1_500, vat: 1_499, total: 11_489 });
    expect(livePriceOf({ price: '10', vatRate: '120' })).toBeUndefined();
    expect(validateProduct({ ...values, code: 'bad code' })).toEqual({ code: 'PRODUCT_CODE_INVALID' });
    const stored: Product = {
      id: 1,
      type: 'physical',
      code: 'PHY-1',
      nameEn: 'Apron',
      nameAr: 'مريلة',
      descriptionEn: null,
      descriptionAr: 'قطن',
      price: 4_550,
      vatRate: 500,
      vat: 228,
      total: 4_778,
      imageFileId: null,
      status: 'inactive',
      createdAt: '2026-11-23T08:00:00.000Z',
      updatedAt: '2026-11-23T08:00:00.000Z',
      abilities: { update: true },
    };
    expect(valuesOf(stored)).toMatchObject({
      price: '45.50',
      vatRate: '5',
      descriptionEn: '',
      descriptionAr: 'قطن',
      status: 'inactive',
    });
  });

  it('refuses an image the server would refuse, before sending it', () => {
    expect(imageProblemOf(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
    expect(imageProblemOf(big)).toBe('FILE_TOO_LARGE');
    expect(imageProblemOf(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeUndefined();
  });
});
