import { MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { STORED_CORPORATE } from '../corporate.fixture.ts';
import { CorporateForm } from './corporate-form.tsx';

const STORED = STORED_CORPORATE;

beforeAll(() => {
  // jsdom has no font set, which the growing location box listens to.
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});

function renderForm(onSubmit: (submission: unknown) => Promise<unknown>) {
  const { container } = renderWithProviders(
    <MemoryRouter>
      <CorporateForm corporate={STORED} submitting={false} cancelTo="/admin/corporate" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return container;
}

describe('CorporateForm', () => {
  it('refuses a copy of another type with the allowed types named, on its button, and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSubmit = vi.fn(async () => undefined);
    const container = renderForm(onSubmit);
    const inputs = container.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const licence = inputs[1];
    if (!licence) throw new Error('no licence copy input');
    await user.upload(licence, new File(['x'], 'licence.docx', { type: 'application/msword' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(MESSAGES.FILE_TYPE_NOT_ALLOWED.en.replace('{{types}}', 'PDF, JPEG, PNG')),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Licence copy/ })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the fields and the chosen copy apart, and puts the API’s refusal on its field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, MESSAGES.RECORDS_ALREADY_REGISTERED.en, {
        code: 'RECORDS_ALREADY_REGISTERED',
        fields: { crNumber: 'RECORDS_ALREADY_REGISTERED', userId: 'RECORDS_ALREADY_REGISTERED' },
      });
    });
    const container = renderForm(onSubmit);
    const copy = new File(['%PDF-1.4'], 'cr.pdf', { type: 'application/pdf' });
    const crInput = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!crInput) throw new Error('no CR copy input');
    await user.upload(crInput, copy);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      body: expect.objectContaining({ crNumber: '4030000001', headOfficeCity: 'jeddah' }),
      files: { crCopy: copy },
    });
    expect(await screen.findByText(MESSAGES.RECORDS_ALREADY_REGISTERED.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /CR number/ })).toHaveFocus();
  });
});
