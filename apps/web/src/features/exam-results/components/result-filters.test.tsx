import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChoiceFilter } from '../../../components/list/list-filters.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { i18next } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ResultFilters } from './result-filters.tsx';

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      requests.push(pathname);
      const body = {
        items: [
          { id: 1, nameEn: 'Food Safety Basics', nameAr: 'أساسيات سلامة الغذاء', total: 100 },
          { id: 2, nameEn: 'Kitchen Hygiene', nameAr: 'نظافة المطابخ', total: 100 },
        ],
      };
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

/** A results list's filter bar with one filter of its own; the filters it holds are shown beside it. */
function Results({ withCourse }: { withCourse: boolean }) {
  const list = useListState<{ courseId: string; result: '' | 'Failed' }>({ courseId: '', result: '' });
  return (
    <>
      <ResultFilters
        list={list}
        columns={3}
        search={{ label: 'Search students' }}
        course={withCourse ? { label: 'Course', allLabel: 'All courses' } : undefined}
      >
        <ChoiceFilter
          label="Result"
          allLabel="All results"
          options={[{ value: 'Failed', label: 'Failed' }] as const}
          value={list.filters.result}
          onChange={(value) => list.setFilter('result', value)}
        />
      </ResultFilters>
      <output>{JSON.stringify(list.filters)}</output>
    </>
  );
}

function renderResults(withCourse: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Results withCourse={withCourse} />
    </QueryClientProvider>,
  );
  return client;
}

describe('ResultFilters', () => {
  it('puts the search, the courses by name, then the list’s own filters; a course chosen filters the list', async () => {
    renderResults(true);
    const course = await screen.findByRole('combobox', { name: 'Course' });
    expect(screen.getAllByRole('combobox')).toEqual([
      course,
      screen.getByRole('combobox', { name: 'Result' }),
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search students' })).toBeInTheDocument();
    await userEvent.click(course);
    await userEvent.click(await screen.findByRole('option', { name: 'Kitchen Hygiene', hidden: true }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('"courseId":"2"'));
  });

  it('names the courses in Arabic', async () => {
    await i18next.changeLanguage('ar');
    renderResults(true);
    await userEvent.click(await screen.findByRole('combobox', { name: 'Course' }));
    expect(await screen.findByRole('option', { name: 'نظافة المطابخ', hidden: true })).toBeInTheDocument();
  });

  it('without a course filter asks for no courses', async () => {
    const client = renderResults(false);
    expect(screen.getByRole('combobox', { name: 'Result' })).toBeInTheDocument();
    // Mounted, a query that may run has started fetching: this one has not, and never will.
    expect(client.isFetching()).toBe(0);
    expect(client.getQueryCache().findAll({ fetchStatus: 'fetching' })).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Course' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
