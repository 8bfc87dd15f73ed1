import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type JOURNAL_SOURCES, JournalPage } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

/** What the journal screen asks for: a period (centre days), a source, the memo searched, keyset pages. */
export interface JournalParams {
  search: string;
  from: string;
  to: string;
  source: '' | (typeof JOURNAL_SOURCES)[number];
  sort: 'day';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

/** `GET /api/journal`: entries with their lines, newest day first. */
export const journalListQuery = (params: JournalParams) =>
  queryOptions({
    queryKey: ['journal', 'list', params],
    queryFn: ({ signal }) => apiRequest(listPath('/journal', params), { schema: JournalPage, signal }),
    placeholderData: keepPreviousData,
  });

export const journalCountQuery = (params: JournalParams) => listCountQuery(['journal'], '/journal', params);

/** The period's journal as CSV or XLSX (the bearer token goes with it, so not a plain link). */
export async function downloadJournal(period: { from: string; to: string }, format: 'csv' | 'xlsx') {
  return downloadApiFile(
    listPath('/journal/export', { ...period, format }),
    `journal-${period.from}-${period.to}.${format}`,
  );
}
