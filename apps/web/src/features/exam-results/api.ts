import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type ExamResult,
  ExamResultPage,
  type ExamSessionType,
  ExamStats,
  type TrainingLanguage,
  z,
} from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';
import { listCountQuery } from '../../api/list-count.ts';
import { listPath } from '../../api/list-path.ts';

export interface ExamResultParams {
  /** A student's name or ID number. */
  search: string;
  courseId: string;
  examType: '' | ExamSessionType;
  result: '' | ExamResult;
  language: '' | TrainingLanguage;
  from: string;
  to: string;
  branchId: string;
  examinerId: string;
  sort: 'submittedAt' | 'sessionStartsAt';
  order: 'asc' | 'desc';
  cursor: string | undefined;
  limit: number;
}

/** `GET /api/exam-results`: the results the caller may see, a keyset page at a time. */
export const examResultListQuery = (params: ExamResultParams) =>
  queryOptions({
    queryKey: ['exam-results', 'list', params],
    queryFn: ({ signal }) =>
      apiRequest(listPath('/exam-results', params), { schema: ExamResultPage, signal }),
    placeholderData: keepPreviousData,
  });

export const examResultCountQuery = (params: ExamResultParams) =>
  listCountQuery(['exam-results'], '/exam-results', params);

const Examiners = z.object({
  items: z.array(z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() })),
});

/** The examiners, for the admin's examiner-score filter (read on users; the filter is left out without it). */
export const examinerOptionsQuery = queryOptions({
  queryKey: ['users', 'examiners'],
  queryFn: ({ signal }) => apiRequest('/users?type=Examiner&limit=100', { schema: Examiners, signal }),
  staleTime: 60_000,
});

export const examStatsQuery = (courseId: string) =>
  queryOptions({
    queryKey: ['exam-results', 'stats', courseId],
    queryFn: ({ signal }) => apiRequest(listPath('/exam-stats', { courseId }), { schema: ExamStats, signal }),
  });

/** The list with the same filters as an XLSX workbook (the bearer token goes with it, so not a plain link). */
export async function downloadResults(params: ExamResultParams): Promise<void> {
  const { cursor: _cursor, limit: _limit, sort: _sort, order: _order, ...filters } = params;
  await downloadApiFile(
    listPath('/exam-results/export', filters),
    `exam-results-${new Date().toISOString().slice(0, 10)}.xlsx`,
  );
}
