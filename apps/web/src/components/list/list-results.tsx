import type { UseQueryResult } from '@tanstack/react-query';
import type { ListCount } from '@tasreeh/shared';
import { type ReactNode, useDeferredValue } from 'react';
import { ErrorState, LoadingState } from '../page-states.tsx';
import { ListEmpty } from './list-empty.tsx';
import type { ListAdd } from './list-header.tsx';
import { ListPager } from './list-pager.tsx';
import { ListTotal, type TotalText } from './list-total.tsx';
import type { ListState } from './use-list-state.ts';

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * What a list shows: loading, an error with a retry, or the count of matches (asked apart,
 * once per filter; the rows never wait on it), the rows — or why there are none — and the
 * pager with the position of the page.
 */
export function ListResults<Item>({
  query,
  count,
  list,
  totalText,
  noneText,
  noMatchText,
  add,
  pagesLabel,
  totalTestId,
  loadingHeight,
  children,
}: {
  query: UseQueryResult<Page<Item>>;
  count: UseQueryResult<ListCount>;
  list: Pick<ListState<unknown>, 'pages' | 'params' | 'isFiltered' | 'clearFilters'>;
  totalText: TotalText;
  /** There are no records at all yet ("No students yet."). */
  noneText: string;
  /** None matches the search and filters ("No students match."). */
  noMatchText: string;
  /** The add action offered when there are none yet. */
  add?: ListAdd;
  /** What the pager's landmark is called ("Pages of branches"). */
  pagesLabel: string;
  totalTestId?: string;
  /**
   * Room kept while the first page loads (px or a CSS length), so that what follows the list (a
   * footer) does not move down when the rows come: a layout shift on a page shown before its data.
   */
  loadingHeight?: number | string;
  /** The rows of this page (never called with none). */
  children(items: Item[]): ReactNode;
}) {
  // The rows render in the background once they come (React slices that work and keeps the page
  // answering meanwhile): a page of cards or rows is the longest render of a list.
  const shown = useDeferredValue(query);
  if (shown.isPending) return <LoadingState minHeight={loadingHeight} />;
  if (shown.isError) return <ErrorState error={shown.error} onRetry={() => void shown.refetch()} />;
  const { items, nextCursor } = shown.data;
  const { pages } = list;
  if (items.length === 0 && !pages.hasPrevious) {
    return list.isFiltered ? (
      <ListEmpty text={noMatchText} onClear={list.clearFilters} />
    ) : (
      <ListEmpty text={noneText} add={add} />
    );
  }
  const first = (pages.pageNumber - 1) * list.params.limit + 1;
  return (
    <>
      <ListTotal count={count} totalText={totalText} testId={totalTestId} />
      {children(items)}
      <ListPager
        pages={pages}
        nextCursor={nextCursor}
        isFetching={shown.isFetching}
        label={pagesLabel}
        range={{ first, last: first + items.length - 1 }}
        count={count.data}
      />
    </>
  );
}
