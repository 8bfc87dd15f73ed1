import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { listPath } from '../../api/list-path.ts';
import { i18next } from '../../i18n/index.ts';
import { applyDocumentLanguage } from '../../i18n/languages.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { tableSortOf } from './list-sort.ts';
import { ListTable } from './list-table.tsx';
import { useListState } from './use-list-state.ts';

/** A list of branches as a screen holds it: its state, its table, and the request it would send. */
function Branches() {
  const list = useListState({ status: '', sort: 'nameEn', order: 'asc' } as {
    status: string;
    sort: 'nameEn' | 'code';
    order: 'asc' | 'desc';
  });
  return (
    <>
      <ListTable
        caption="Branches"
        minWidth={640}
        sort={tableSortOf(list)}
        columns={[{ label: 'Name', sort: 'nameEn' }, { label: 'Code', sort: 'code' }, 'Status']}
      >
        <Table.Tr>
          <Table.Td>Riyadh</Table.Td>
          <Table.Td>RUH-01</Table.Td>
          <Table.Td>Active</Table.Td>
        </Table.Tr>
      </ListTable>
      <output>{listPath('/branches', list.params)}</output>
    </>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

/** Makes every box `content` pixels wide inside a `box`-pixel frame (jsdom lays nothing out). */
function layOut(content: number, box: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => content });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box });
}

afterEach(async () => {
  layOut(0, 0);
  await i18next.changeLanguage('en');
  applyDocumentLanguage('en');
});

describe('ListTable', () => {
  it('sorts by a header: aria-sort says how, and the request asks for it', async () => {
    renderWithProviders(<Branches />);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Code')).toHaveAttribute('aria-sort', 'none');
    expect(header('Status')).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('status')).toHaveTextContent('/branches?sort=nameEn&order=desc&limit=20');

    await userEvent.click(screen.getByRole('button', { name: 'Code' }));
    expect(header('Code')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('status')).toHaveTextContent('/branches?sort=code&order=asc&limit=20');
  });

  it('sorts from the keyboard: the header is a button reached by Tab', async () => {
    renderWithProviders(<Branches />);
    await userEvent.tab();
    expect(screen.getByRole('region', { name: 'Branches' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
  });

  it('hints at the columns out of sight only while the table is wider than its box', () => {
    layOut(900, 390);
    renderWithProviders(<Branches />);
    expect(screen.getByText('Scroll sideways for more columns')).toBeInTheDocument();
    expect(screen.getByTestId('list-table-fade')).toHaveStyle({ insetInlineEnd: '0px' });
  });

  it('gives no hint when every column fits', () => {
    layOut(640, 1280);
    renderWithProviders(<Branches />);
    expect(screen.queryByText('Scroll sideways for more columns')).not.toBeInTheDocument();
    expect(screen.queryByTestId('list-table-fade')).not.toBeInTheDocument();
  });

  it('fades the end the columns are hidden at: the left in Arabic', async () => {
    await i18next.changeLanguage('ar');
    applyDocumentLanguage('ar');
    layOut(900, 390);
    renderWithProviders(<Branches />);
    expect(screen.getByText('مرّر أفقيًا لرؤية بقية الأعمدة')).toBeInTheDocument();
    expect(screen.getByTestId('list-table-fade').style.background).toContain('to left');
  });
});
