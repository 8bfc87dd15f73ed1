import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type RevenueGrouping, RevenueReport } from '@tasreeh/shared';
import { apiRequest } from '../../api/client.ts';
import { downloadApiFile } from '../../api/download.ts';

export interface RevenueParams {
  from: string;
  to: string;
  groupBy: RevenueGrouping;
}

/** `GET /api/finance-reports/revenue`. */
export const revenueQuery = (params: RevenueParams) =>
  queryOptions({
    queryKey: ['finance-reports', 'revenue', params],
    queryFn: ({ signal }) =>
      apiRequest(`/finance-reports/revenue?from=${params.from}&to=${params.to}&groupBy=${params.groupBy}`, {
        schema: RevenueReport,
        signal,
      }),
    enabled: params.from !== '' && params.to !== '',
    placeholderData: keepPreviousData,
  });

/** Downloads the report's CSV or XLSX with the bearer token (a plain link cannot send it). */
export function downloadRevenue(
  params: RevenueParams,
  format: 'csv' | 'xlsx',
  lang: 'en' | 'ar',
): Promise<void> {
  return downloadApiFile(
    `/finance-reports/revenue/export?from=${params.from}&to=${params.to}&groupBy=${params.groupBy}&format=${format}&lang=${lang}`,
    `revenue-${params.groupBy}-${params.from}-${params.to}.${format}`,
  );
}
