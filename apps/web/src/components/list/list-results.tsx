import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../page-states.tsx';
import { ListPager } from './list-pager.tsx';
import type { KeysetPages } from './use-keyset-pages.ts';

interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
  total: number;
}

/**
 * What a list query shows: loading, an error with a retry, or the count of matches (read out
 * when it changes), the rows — or the empty text — and the pager.
 */
export function ListResults<Item>({
  query,
  pages,
  totalText,
  emptyText,
  pagesLabel,
  totalTestId,
  children,
}: {
  query: UseQueryResult<Page<Item>>;
  pages: KeysetPages;
  /** "Branches found: 3", given the count of all matches. */
  totalText(total: number): string;
  emptyText: string;
  /** What the pager's landmark is called ("Pages of branches"). */
  pagesLabel: string;
  totalTestId?: string;
  /** The rows of this page (never called with none). */
  children(items: Item[]): ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { items, nextCursor, total } = query.data;
  return (
    <>
      <Text c="gray.7" aria-live="polite" data-testid={totalTestId}>
        {totalText(total)}
      </Text>
      {items.length === 0 ? <EmptyState>{emptyText}</EmptyState> : children(items)}
      <ListPager pages={pages} nextCursor={nextCursor} isFetching={query.isFetching} label={pagesLabel} />
    </>
  );
}
