import { MESSAGES, type StaffUser, type StaffUserFormOptions } from '@tasreeh/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserForm } from './user-form.tsx';
import { bodyOf, hijriOf, type UserFormValues, validateUser, valuesOf } from './user-form-model.ts';

const HEAD_OFFICE: StaffUserFormOptions = {
  types: ['super admin', 'Teller', 'Instructor'],
  branches: [{ id: 4, code: 'RUH-01', nameEn: 'Riyadh — Olaya', nameAr: 'الرياض — العليا' }],
  headOffice: true,
  permissionGroups: [{ id: 7, nameEn: 'Tellers', nameAr: 'الصرافون', branchId: null }],
};
const BRANCH_ONLY: StaffUserFormOptions = { ...HEAD_OFFICE, types: ['Teller'], headOffice: false };

const VALID: UserFormValues = {
  ...valuesOf(undefined, HEAD_OFFICE),
  nameEn: 'Huda Al-Salem',
  nameAr: 'هدى السالم',
  email: 'Huda@Centre.test',
  username: 'huda.salem',
  phone: '٠٥٥١٢٣٤٥٦٧',
  type: 'Teller',
  permissionGroupId: '7',
  idExpiry: { calendar: 'hijri', day: '10', month: '5', year: '1449' },
  password: 'Strong@2026',
  rePassword: 'Strong@2026',
};

const STORED: StaffUser = {
  id: 12,
  nameEn: 'Huda Al-Salem',
  nameAr: 'هدى السالم',
  email: 'huda@centre.test',
  username: 'huda.salem',
  phone: '+966551234567',
  type: 'Teller',
  employeeType: 'full_time',
  permissionGroup: { id: 7, nameEn: 'Tellers', nameAr: 'الصرافون' },
  branch: { id: 4, code: 'RUH-01', nameEn: 'Riyadh — Olaya', nameAr: 'الرياض — العليا' },
  dateOfBirth: null,
  idType: null,
  idNumber: null,
  idExpiryHijri: '1449-05-10',
  status: 'inactive',
  createdAt: new Date('2026-11-01T09:00:00Z'),
  abilities: { update: true, setStatus: true },
};

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('user form rules', () => {
  it('sends a valid account with the Hijri expiry as typed, head office as no branch and blanks left out', () => {
    expect(validateUser(VALID, true)).toEqual({});
    const body = bodyOf(VALID, true);
    expect(body).toMatchObject({ idExpiryHijri: '1449-05-10', branchId: null, permissionGroupId: 7 });
    expect(body).not.toHaveProperty('dateOfBirth');
    expect(body).not.toHaveProperty('idType');
    expect(bodyOf(VALID, false)).not.toHaveProperty('password');
  });

  it('turns an expiry typed in the Gregorian calendar into the Hijri date the API keeps', () => {
    expect(hijriOf({ calendar: 'gregorian', day: '29', month: '3', year: '2025' })).toBe('1446-09-29');
    expect(hijriOf({ calendar: 'hijri', day: '', month: '', year: '' })).toBe('');
    expect(hijriOf({ calendar: 'hijri', day: '30', month: '9', year: '1446' })).toBeUndefined();
  });

  it('asks for a group except for super admins, instructors and examiners', () => {
    const noGroup = { ...VALID, permissionGroupId: '' };
    expect(validateUser(noGroup, true)).toEqual({ permissionGroupId: 'SELECT_PERMISSION_GROUP' });
    expect(validateUser({ ...noGroup, type: 'Instructor' }, true)).toEqual({});
  });

  it('places a new account of branch staff in their own branch', () => {
    expect(valuesOf(undefined, BRANCH_ONLY).branchId).toBe('4');
    expect(valuesOf(undefined, HEAD_OFFICE).branchId).toBe('');
  });
});

function renderForm(onSubmit = vi.fn(async () => undefined), options = HEAD_OFFICE) {
  renderWithProviders(
    <MemoryRouter>
      <UserForm options={options} submitting={false} cancelTo="/admin/user-management" onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  return onSubmit;
}

describe('UserForm', () => {
  it('shows the shared messages on their fields, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(MESSAGES.ENTER_NAME.en)).toHaveLength(2);
    expect(screen.getByText(MESSAGES.SELECT_USER_TYPE.en)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.PASSWORD_MIN_8.en)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name in English/ })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the types, branches and head office the server allows', async () => {
    const user = userEvent.setup();
    renderForm(undefined, BRANCH_ONLY);
    await user.click(screen.getByRole('combobox', { name: /User type/ }));
    expect(await screen.findByRole('option', { name: 'Teller', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Super Admin', hidden: true })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: /Branch/ })).toHaveValue('Riyadh — Olaya');
    await user.click(screen.getByRole('combobox', { name: /Branch/ }));
    expect(
      screen.queryByRole('option', { name: 'Head office (all branches)', hidden: true }),
    ).not.toBeInTheDocument();
  });

  it('offers a branch’s own group only when that branch is chosen; head-office groups always', async () => {
    const user = userEvent.setup();
    renderForm(undefined, {
      ...HEAD_OFFICE,
      permissionGroups: [
        ...HEAD_OFFICE.permissionGroups,
        { id: 9, nameEn: 'Riyadh front desk', nameAr: 'استقبال فرع الرياض', branchId: 4 },
      ],
    });
    const groups = async () => {
      const select = screen.getByRole('combobox', { name: /Permission group/ });
      await user.click(select);
      const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
      const names = within(list ?? document.body)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent);
      await user.keyboard('{Escape}');
      return names;
    };
    expect(await groups()).toEqual(['No group', 'Tellers']);
    await user.click(screen.getByRole('combobox', { name: /Branch/ }));
    await user.click(await screen.findByRole('option', { name: 'Riyadh — Olaya', hidden: true }));
    expect(await groups()).toEqual(['No group', 'Tellers', 'Riyadh front desk']);
  });

  it('puts the API’s field errors on the fields, the Hijri expiry included, in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'));
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'x', {
        code: 'ENTER_DATE',
        fields: { idExpiryHijri: 'ENTER_DATE', email: 'EMAIL_INVALID' },
      });
    });
    renderWithProviders(
      <MemoryRouter>
        <UserForm
          user={STORED}
          options={HEAD_OFFICE}
          submitting={false}
          cancelTo="/admin/user-management"
          onSubmit={onSubmit}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('textbox', { name: /السنة/, description: /الميلادي/ })).toHaveValue('1449');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ idExpiryHijri: '1449-05-10', status: 'inactive', branchId: 4 }),
    );
    expect(await screen.findByText(MESSAGES.ENTER_DATE.ar)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.EMAIL_INVALID.ar)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /البريد الإلكتروني/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
