import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ChoiceFilter, ListChoiceFilter, ListFilters, PHONE_QUERY } from './list-filters.tsx';
import { useListState } from './use-list-state.ts';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** A list's filter box with a search and one filter, whose value is shown beside it. */
function BranchFilters() {
  const list = useListState<{ status: '' | 'active' | 'inactive' }>({ status: '' });
  return (
    <>
      <ListFilters list={list} search={{ label: 'Search branches' }}>
        <ChoiceFilter
          label="Status"
          allLabel="All statuses"
          options={STATUSES}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </ListFilters>
      <output>{list.filters.status || 'all'}</output>
    </>
  );
}

const realMatchMedia = window.matchMedia;

/** The screen as wide as a phone: the phone query matches. */
function onPhone() {
  window.matchMedia = (query: string) => ({ ...realMatchMedia(query), matches: query === PHONE_QUERY });
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('ListFilters', () => {
  it('shows the search and the filters side by side on a laptop', () => {
    renderWithProviders(<BranchFilters />);
    expect(screen.getByRole('searchbox', { name: 'Search branches' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Filters/ })).not.toBeInTheDocument();
  });

  it('on a phone keeps the search in view and folds the filters into a drawer that counts the active ones', async () => {
    onPhone();
    renderWithProviders(<BranchFilters />);
    expect(screen.getByRole('searchbox', { name: 'Search branches' })).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();

    await userEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    expect(screen.getByRole('status')).toHaveTextContent('inactive');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Show results' }));

    expect(await screen.findByRole('button', { name: 'Filters, 1 active' })).toBeInTheDocument();
  });
});

/** A list of two filters, one of them bound by name to a choice. */
function BoundFilters() {
  const list = useListState<{ status: '' | 'active' | 'inactive'; kind: string }>({
    status: '',
    kind: 'all',
  });
  return (
    <>
      <ListFilters list={list}>
        <ListChoiceFilter
          list={list}
          name="status"
          label="Status"
          allLabel="All statuses"
          options={STATUSES}
        />
      </ListFilters>
      <output>{JSON.stringify(list.filters)}</output>
    </>
  );
}

describe('ListChoiceFilter', () => {
  it('shows the filter it is bound to and sets that one only', async () => {
    renderWithProviders(<BoundFilters />);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('All statuses');
    await userEvent.click(status);
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(
      '{"status":"inactive","kind":"all"}',
    );
  });
});
