import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { centreDay, REVENUE_GROUPINGS, type RevenueGrouping, type RevenueRow } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '../../../components/list/date-filter.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { formatDayFigures, formatNumber, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadRevenue, revenueQuery } from '../api.ts';

/** The first day of the current month in the centre's time zone. */
function monthStart(today: string) {
  return `${today.slice(0, 8)}01`;
}

/**
 * `finance-reports` (read_10): revenue of a period (paid payments minus credit notes) per day,
 * branch, method or course, with totals, exported as XLSX or CSV.
 */
export function RevenueReportPage() {
  const { t } = useTranslation(['finance-reports', 'payments']);
  const { language } = useLanguage();
  const today = centreDay(new Date());
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const [groupBy, setGroupBy] = useState<RevenueGrouping>('day');
  const params = { from, to, groupBy };
  const query = useQuery(revenueQuery(params));
  const [exportError, setExportError] = useState<string | null>(null);
  const labelOf = (row: RevenueRow) => {
    if (groupBy === 'day') return formatDayFigures(row.key, language);
    if (groupBy === 'method') return t(`payments:method.${row.key}`, { defaultValue: row.key });
    if (row.key === '-') return t('report.none');
    return language === 'ar' ? row.labelAr : row.labelEn;
  };
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExportError(null);
    downloadRevenue(params, format, language).catch((error: Error) => setExportError(error.message));
  };
  const columns = ['group', 'payments', 'creditNotes', 'subtotal', 'amanaFee', 'vat', 'total'].map((column) =>
    t(`report.${column}`),
  );
  const cells = (row: Omit<RevenueRow, 'key' | 'labelEn' | 'labelAr'>) => (
    <>
      <Table.Td>{formatNumber(row.payments, language)}</Table.Td>
      <Table.Td>{formatNumber(row.creditNotes, language)}</Table.Td>
      <Table.Td>{formatSar(row.subtotal, language)}</Table.Td>
      <Table.Td>{formatSar(row.amanaFee, language)}</Table.Td>
      <Table.Td>{formatSar(row.vat, language)}</Table.Td>
      <Table.Td fw={600}>{formatSar(row.total, language)}</Table.Td>
    </>
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('report.title')}
        </Title>
        <Text c="gray.7">{t('report.intro')}</Text>
      </div>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateFilter required label={t('filters.from')} value={from} onChange={setFrom} />
          <DateFilter required label={t('filters.to')} value={to} onChange={setTo} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="revenue-group-label">
              {t('report.groupBy')}
            </Text>
            <SegmentedControl
              aria-labelledby="revenue-group-label"
              value={groupBy}
              onChange={(value) => setGroupBy(value as RevenueGrouping)}
              data={REVENUE_GROUPINGS.map((value) => ({ value, label: t(`report.by.${value}`) }))}
            />
          </Stack>
        </SimpleGrid>
      </Paper>
      <Group>
        <Button variant="light" onClick={() => exportAs('xlsx')}>
          {t('report.exportXlsx')}
        </Button>
        <Button variant="subtle" onClick={() => exportAs('csv')}>
          {t('report.exportCsv')}
        </Button>
      </Group>
      {exportError ? (
        <Alert color="red" role="alert">
          {exportError}
        </Alert>
      ) : null}
      <QueryView query={query} notFoundText={t('report.empty')}>
        {(report) =>
          report.rows.length === 0 ? (
            <Text c="dimmed" data-testid="revenue-empty">
              {t('report.empty')}
            </Text>
          ) : (
            <ListTable caption={t('report.title')} minWidth={760} columns={columns}>
              {report.rows.map((row) => (
                <Table.Tr key={row.key} data-testid={`revenue-${row.key}`}>
                  <Table.Td data-user-data={groupBy === 'branch' || groupBy === 'course' ? true : undefined}>
                    {labelOf(row)}
                  </Table.Td>
                  {cells(row)}
                </Table.Tr>
              ))}
              <Table.Tr data-testid="revenue-totals" fw={700}>
                <Table.Td fw={700}>{t('report.totals')}</Table.Td>
                {cells(report.totals)}
              </Table.Tr>
            </ListTable>
          )
        }
      </QueryView>
    </Stack>
  );
}
