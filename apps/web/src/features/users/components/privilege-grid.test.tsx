import { allPrivileges, type Privilege, RESOURCE_IDS } from '@tasreeh/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PrivilegeGrid } from './privilege-grid.tsx';
import { fullGrid, grantedOnly, isLocked, toggleFlag } from './privilege-grid-model.ts';

const flags = (id: number, read = false, create = false, edit = false, del = false): Privilege => ({
  id,
  read,
  create,
  edit,
  delete: del,
});

/** A branch admin's rights: users without delete, bookings in full, nothing of finance. */
const BRANCH_ADMIN = [flags(1, true, true, true), flags(9, true, true, true, true)];

function Harness({ editor, initial = [] }: { editor: Privilege[]; initial?: Privilege[] }) {
  const [grid, setGrid] = useState(fullGrid(initial));
  return (
    <>
      <PrivilegeGrid value={grid} onChange={setGrid} editor={editor} />
      <output data-testid="granted">{JSON.stringify(grantedOnly(grid))}</output>
    </>
  );
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('en'));
});

describe('privilege grid rules', () => {
  it('has a row for every resource id, with the flags the group holds', () => {
    const grid = fullGrid([flags(10, true, true)]);
    expect(grid.map((row) => row.id)).toEqual(RESOURCE_IDS);
    expect(grid.find((row) => row.id === 10)).toEqual(flags(10, true, true));
    expect(grantedOnly(grid)).toEqual([flags(10, true, true)]);
  });

  it('checks "view" with any other action, and clears the row when "view" is removed', () => {
    const editor = allPrivileges();
    const withCreate = toggleFlag(fullGrid([]), 3, 'create', true, editor);
    expect(withCreate.find((row) => row.id === 3)).toEqual(flags(3, true, true));
    const cleared = toggleFlag(toggleFlag(withCreate, 3, 'delete', true, editor), 3, 'read', false, editor);
    expect(cleared.find((row) => row.id === 3)).toEqual(flags(3));
  });

  it('locks what the editor does not hold, unless the group already has it (so it can be removed)', () => {
    expect(isLocked(flags(10), 'read', BRANCH_ADMIN)).toBe(true);
    expect(isLocked(flags(10, true), 'read', BRANCH_ADMIN)).toBe(false);
    expect(isLocked(flags(1), 'delete', BRANCH_ADMIN)).toBe(true);
    expect(isLocked(flags(1), 'edit', BRANCH_ADMIN)).toBe(false);
  });
});

describe('PrivilegeGrid', () => {
  it('is a table with a header per action and per resource, and a named checkbox per cell', () => {
    renderWithProviders(<Harness editor={allPrivileges()} />);
    const table = screen.getByRole('table', { name: 'Rights of the group' });
    const columns = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(columns).toEqual(['Resource', 'View', 'Create', 'Modify', 'Delete']);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(RESOURCE_IDS.length);
    expect(within(table).getByRole('rowheader', { name: 'Amana invoices' })).toBeInTheDocument();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(RESOURCE_IDS.length * 4);
  });

  it('ticks a cell by keyboard or click, with "view" following', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness editor={allPrivileges()} />);
    await user.click(screen.getByRole('checkbox', { name: 'Bookings: Create' }));
    expect(screen.getByRole('checkbox', { name: 'Bookings: View' })).toBeChecked();
    screen.getByRole('checkbox', { name: 'Scores: View' }).focus();
    await user.keyboard(' ');
    expect(JSON.parse(screen.getByTestId('granted').textContent ?? '')).toEqual([
      flags(9, true, true),
      flags(19, true),
    ]);
  });

  it('disables the rights the editor lacks, but lets them remove one the group already has', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness editor={BRANCH_ADMIN} initial={[flags(10, true)]} />);
    expect(screen.getByRole('checkbox', { name: 'Users: Delete' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Finance: Create' })).toBeDisabled();
    const financeView = screen.getByRole('checkbox', { name: 'Finance: View' });
    expect(financeView).toBeEnabled();
    await user.click(financeView);
    expect(financeView).not.toBeChecked();
    expect(financeView).toBeDisabled();
  });

  it('names resources and actions in Arabic', async () => {
    await act(() => i18next.changeLanguage('ar'));
    renderWithProviders(<Harness editor={allPrivileges()} />);
    expect(screen.getByRole('checkbox', { name: 'فواتير الأمانة: تعديل' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'الفحص الصحي' })).toBeInTheDocument();
  });
});
