import { useState } from 'react';

export interface KeysetPages {
  /** The cursor of the page shown (undefined for the first page). */
  cursor: string | undefined;
  /** 1 for the first page. */
  pageNumber: number;
  hasPrevious: boolean;
  goPrevious(): void;
  goNext(nextCursor: string): void;
}

/**
 * The pages a keyset-paged list has walked through: a stack of cursors, so that "previous"
 * returns to the exact page seen before. A new `filterKey` (search, filters, sort) starts
 * again from the first page.
 */
export function useKeysetPages(filterKey: string): KeysetPages {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [pagesKey, setPagesKey] = useState(filterKey);
  if (pagesKey !== filterKey) {
    setPagesKey(filterKey);
    setCursors([undefined]);
  }
  return {
    cursor: cursors[cursors.length - 1],
    pageNumber: cursors.length,
    hasPrevious: cursors.length > 1,
    goPrevious: () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
    goNext: (nextCursor) => setCursors((current) => [...current, nextCursor]),
  };
}
