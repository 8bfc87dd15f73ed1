import { type Center, MESSAGES } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { VALID_CENTRE } from '../test-centre.ts';
import { CenterForm } from './center-form.tsx';

const STORED: Center = {
  ...VALID_CENTRE,
  id: 3,
  userId: 30,
  kind: 'training',
  status: 'approved',
  mobile: '+966551234567',
  crCopyFileId: null,
  licenceCopyFileId: null,
  rejectionReason: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: new Date('2026-11-01T09:00:00Z'),
  abilities: { edit: true, review: false },
};

function renderForm(onSubmit: (body: unknown) => Promise<unknown>, center?: Center) {
  renderWithProviders(
    <MemoryRouter>
      <CenterForm
        kind="training"
        center={center}
        submitting={false}
        cancelTo="/admin/training-center"
        onSubmit={onSubmit}
      />
    </MemoryRouter>,
  );
}

describe('CenterForm', () => {
  it('shows the shared messages on an empty add, focuses the first field and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Centre name in English/ })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends an edit without a kind, and puts the API’s refusal on its field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, MESSAGES.RECORDS_ALREADY_REGISTERED.en, {
        code: 'RECORDS_ALREADY_REGISTERED',
        fields: { crNumber: 'RECORDS_ALREADY_REGISTERED', userId: 'RECORDS_ALREADY_REGISTERED' },
      });
    });
    renderForm(onSubmit, STORED);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ crNumber: '1010123456' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ kind: expect.anything() }));
    expect(await screen.findByText(MESSAGES.RECORDS_ALREADY_REGISTERED.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Commercial registration number/ })).toHaveFocus();
  });
});
