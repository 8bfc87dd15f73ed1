import { Button } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ListCount } from '@tasreeh/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../../i18n/index.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ListResults } from './list-results.tsx';
import { useListState } from './use-list-state.ts';

interface Row {
  id: number;
}

type PageOf = (cursor: string | undefined, status: string) => { items: Row[]; nextCursor: string | null };

const rows = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ id: from + index }));

/** 41 students in pages of 20. */
const FORTY_ONE: PageOf = (cursor) =>
  cursor === undefined
    ? { items: rows(1, 20), nextCursor: 'c2' }
    : cursor === 'c2'
      ? { items: rows(21, 40), nextCursor: 'c3' }
      : { items: rows(41, 41), nextCursor: null };

/** A students list: its pages and count from the functions given, a button that filters it. */
function Students({ pageOf, countOf }: { pageOf: PageOf; countOf: () => Promise<ListCount> }) {
  const list = useListState({ status: '' });
  const query = useQuery({
    queryKey: ['students', 'list', list.params],
    queryFn: async () => pageOf(list.params.cursor, list.params.status),
  });
  const count = useQuery({ queryKey: ['students', 'count', list.params.status], queryFn: countOf });
  return (
    <>
      <Button onClick={() => list.setFilter('status', 'inactive')}>Only inactive</Button>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => i18next.t('students:list.count', { count, total })}
        noneText={i18next.t('students:list.none')}
        noMatchText={i18next.t('students:list.noMatch')}
        add={{ label: 'Add student', to: '/admin/students/add-new', allowed: true }}
        pagesLabel="Pages of students"
        totalTestId="student-total"
      >
        {(items) => (
          <ul>
            {items.map((item) => (
              <li key={item.id}>Student {item.id}</li>
            ))}
          </ul>
        )}
      </ListResults>
    </>
  );
}

function renderStudents(pageOf: PageOf, countOf: () => Promise<ListCount>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Students pageOf={pageOf} countOf={countOf} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const counted =
  (total: number, capped = false) =>
  async () => ({ total, capped });
const total = () => screen.getByTestId('student-total');
const position = () => screen.getByTestId('list-position');

afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('ListResults', () => {
  it('says how many match and where the page stands, asking the count once for every page', async () => {
    const countOf = vi.fn(counted(41));
    renderStudents(FORTY_ONE, countOf);
    await waitFor(() => expect(total()).toHaveTextContent('41 students'));
    expect(position()).toHaveTextContent('1–20 of 41');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(position()).toHaveTextContent('21–40 of 41'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(position()).toHaveTextContent('41–41 of 41'));
    expect(total()).toHaveTextContent('41 students');
    expect(countOf).toHaveBeenCalledTimes(1);
  });

  it('says "10,000+" when the count was capped', async () => {
    renderStudents(FORTY_ONE, counted(10_000, true));
    await waitFor(() => expect(total()).toHaveTextContent('10,000+ students'));
    expect(position()).toHaveTextContent('1–20 of 10,000+');
  });

  it('says one student in the singular', async () => {
    renderStudents(() => ({ items: rows(1, 1), nextCursor: null }), counted(1));
    await waitFor(() => expect(total()).toHaveTextContent(/^1 student$/));
  });

  it.each([
    [1, 'طالب واحد'],
    [2, 'طالبان'],
    [3, '3 طلاب'],
    [41, '41 طالبًا'],
    [300, '300 طالب'],
  ])('counts %i students in Arabic with the plural form Arabic takes for it', async (count, text) => {
    await i18next.changeLanguage('ar');
    renderStudents(FORTY_ONE, counted(count));
    await waitFor(() => expect(total()).toHaveTextContent(text));
  });

  it('says "more than 10,000" in Latin digits when capped (decision 0012), and the position in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderStudents(FORTY_ONE, counted(10_000, true));
    await waitFor(() => expect(total()).toHaveTextContent('أكثر من 10,000 طالب'));
    expect(position()).toHaveTextContent('1–20 من أكثر من 10,000');
  });

  it('shows the rows without waiting for the count, which says it is counting', async () => {
    renderStudents(FORTY_ONE, () => new Promise<ListCount>(() => undefined));
    expect(await screen.findByText('Student 20')).toBeInTheDocument();
    expect(total()).toHaveTextContent('Counting…');
    expect(position()).toHaveTextContent(/^1–20$/);
  });

  it('says there are none yet, and offers to add one, when nothing narrows the list', async () => {
    renderStudents(() => ({ items: [], nextCursor: null }), counted(0));
    expect(await screen.findByRole('status')).toHaveTextContent('No students yet.');
    expect(screen.getByRole('link', { name: 'Add student' })).toHaveAttribute(
      'href',
      '/admin/students/add-new',
    );
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
  });

  it('says none matches a filter, and clears the filters on request', async () => {
    renderStudents(
      (_, status) => (status ? { items: [], nextCursor: null } : FORTY_ONE(undefined, status)),
      counted(41),
    );
    await screen.findByText('Student 1');
    await userEvent.click(screen.getByRole('button', { name: 'Only inactive' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No students match.');
    expect(screen.queryByRole('link', { name: 'Add student' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByText('Student 1')).toBeInTheDocument();
  });
});
