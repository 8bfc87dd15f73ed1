import { allPrivileges, MESSAGES, type PermissionGroupFormOptions } from '@tasreeh/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { GroupForm } from './group-form.tsx';

const AUDITORS = {
  id: 3,
  nameEn: 'Auditors',
  nameAr: 'المدققون',
  memberCount: 0,
  branch: null,
  privileges: [{ id: 10, read: true, create: false, edit: false, delete: true }],
  abilities: { updateGroup: true },
};

function renderForm(onSubmit: (body: unknown) => Promise<unknown>) {
  renderWithProviders(
    <MemoryRouter>
      <GroupForm group={AUDITORS} editor={allPrivileges()} submitting={false} onSubmit={onSubmit} />
    </MemoryRouter>,
  );
}

const RIYADH = { id: 4, code: 'RUH-01', nameEn: 'Riyadh — Olaya', nameAr: 'الرياض — العليا' };

function renderNew(onSubmit: (body: unknown) => Promise<unknown>, owners: PermissionGroupFormOptions) {
  renderWithProviders(
    <MemoryRouter>
      <GroupForm owners={owners} editor={allPrivileges()} submitting={false} onSubmit={onSubmit} />
    </MemoryRouter>,
  );
}

describe('GroupForm', () => {
  it('sends only the resources with a right, and shows the API’s refusal to grant more than the editor holds', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(403, MESSAGES.CANNOT_GRANT_MORE.en, {
        code: 'CANNOT_GRANT_MORE',
        fields: { privileges: 'CANNOT_GRANT_MORE' },
      });
    });
    renderForm(onSubmit);
    await user.click(screen.getByRole('checkbox', { name: 'Scores: Modify' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      nameEn: 'Auditors',
      nameAr: 'المدققون',
      privileges: [
        { id: 10, read: true, create: false, edit: false, delete: true },
        { id: 19, read: true, create: false, edit: true, delete: false },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.CANNOT_GRANT_MORE.en);
    expect(screen.getByRole('table')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.CANNOT_GRANT_MORE.en),
    );
  });

  it('puts "Name already exists" on the English name', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiError(409, MESSAGES.NAME_EXISTS.en, {
        code: 'NAME_EXISTS',
        fields: { nameEn: 'NAME_EXISTS' },
      });
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.NAME_EXISTS.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name in English/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('gives a new group to head office or a chosen branch', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderNew(onSubmit, { headOffice: true, branches: [RIYADH] });
    await user.type(screen.getByRole('textbox', { name: /Name in English/ }), 'D');
    await user.type(screen.getByRole('textbox', { name: /Name in Arabic/ }), 'م');
    expect(screen.getByRole('combobox', { name: /Belongs to/ })).toHaveValue('Head office (all branches)');
    await user.click(screen.getByRole('combobox', { name: /Belongs to/ }));
    await user.click(await screen.findByRole('option', { name: 'Riyadh — Olaya', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ nameEn: 'D', nameAr: 'م', privileges: [], branchId: 4 });
  });

  it('shows an existing group’s owner read-only (an edit sends none: see the first test)', () => {
    renderForm(vi.fn());
    const owner = screen.getByRole('textbox', { name: /Belongs to/ });
    expect(owner).toHaveValue('Head office (all branches)');
    expect(owner).toHaveAttribute('readonly');
  });

  it('places a branch admin’s new group in its branch, with no other choice', () => {
    renderNew(vi.fn(), { headOffice: false, branches: [RIYADH] });
    const owner = screen.getByRole('combobox', { name: /Belongs to/ });
    expect(owner).toHaveValue('Riyadh — Olaya');
    expect(owner).toBeDisabled();
  });
});
