import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { centreDay, JOURNAL_SOURCES, type JournalEntry } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../../components/list/date-filter.tsx';
import { ListChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { formatDayFigures, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { downloadJournal, type JournalParams, journalCountQuery, journalListQuery } from '../api.ts';

type Filters = Pick<JournalParams, 'from' | 'to' | 'source' | 'sort' | 'order'>;

const DAY_MS = 86_400_000;

const COLUMNS = ['day', 'entry', 'source', 'account', 'debit', 'credit'] as const;

function EntryRows({ entry }: { entry: JournalEntry }) {
  const { t } = useTranslation('ledger');
  const { language } = useLanguage();
  return entry.lines.map((line, index) => (
    <Table.Tr key={line.id} data-testid={index === 0 ? 'journal-entry' : undefined}>
      {index === 0 ? (
        <>
          <Table.Td rowSpan={entry.lines.length} style={{ verticalAlign: 'top' }}>
            <bdi>{formatDayFigures(entry.day, language)}</bdi>
          </Table.Td>
          <Table.Td rowSpan={entry.lines.length} style={{ verticalAlign: 'top' }}>
            <bdi>#{entry.id}</bdi>
          </Table.Td>
          <Table.Td rowSpan={entry.lines.length} style={{ verticalAlign: 'top' }}>
            <Text size="sm">
              {t('sourceOf', { source: t(`sources.${entry.source}`), id: entry.sourceId })}
            </Text>
            <Text size="xs" c="dimmed" data-user-data>
              {entry.memo}
            </Text>
          </Table.Td>
        </>
      ) : null}
      <Table.Td>
        <Text size="sm" data-user-data>
          <bdi>{line.naturalAccount}</bdi> {line.mainAccount}
        </Text>
        {line.role ? (
          <Text size="xs" c="dimmed">
            {t(`roles.${line.role}`)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="end">{line.debit ? <bdi>{formatSar(line.debit, language)}</bdi> : ''}</Table.Td>
      <Table.Td ta="end">{line.credit ? <bdi>{formatSar(line.credit, language)}</bdi> : ''}</Table.Td>
    </Table.Tr>
  ));
}

/**
 * `/admin/journal` (read_10, issue 13): the double-entry journal by period — each entry with its
 * lines on the accounts of ledger setup — filtered by source, searched by memo, exported for the
 * centre's accounting system as CSV or XLSX.
 */
export function JournalPage() {
  const { t } = useTranslation('ledger');
  const { errorMessage } = useMessages();
  const [initial] = useState<Filters>(() => ({
    from: centreDay(new Date(Date.now() - 6 * DAY_MS)),
    to: centreDay(new Date()),
    source: '',
    sort: 'day',
    order: 'desc',
  }));
  const list = useListState<Filters>(initial);
  const query = useQuery(journalListQuery(list.params));
  const count = useQuery(journalCountQuery(list.params));
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const { from, to } = list.filters;
  const period = from && to ? { from, to } : null;

  async function exportAs(format: 'csv' | 'xlsx') {
    if (!period) return;
    setExporting(format);
    setExportError(null);
    try {
      await downloadJournal(period, format);
    } catch (error) {
      setExportError(errorMessage(error));
    } finally {
      setExporting(null);
    }
  }

  return (
    <Stack gap="md">
      <ListHeader title={t('title')} intro={t('intro')}>
        <Group gap="xs">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              leftSection={<IconDownload size={16} aria-hidden />}
              variant="default"
              loading={exporting === format}
              disabled={!period}
              onClick={() => void exportAs(format)}
              data-testid={`export-journal-${format}`}
            >
              {t(`export.${format}`)}
            </Button>
          ))}
        </Group>
      </ListHeader>
      {!period ? <Text size="sm">{t('export.needPeriod')}</Text> : null}
      {exportError ? (
        <Text c="red.8" role="alert">
          {exportError}
        </Text>
      ) : null}
      <ListFilters list={list} columns={4} search={{ label: t('search'), hint: t('searchHint') }}>
        <DayRangeFilter list={list} fromLabel={t('filters.from')} toLabel={t('filters.to')} />
        <ListChoiceFilter
          list={list}
          name="source"
          label={t('filters.source')}
          allLabel={t('filters.allSources')}
          options={JOURNAL_SOURCES.map((value) => ({ value, label: t(`sources.${value}`) }))}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('count', { count: shown, total })}
        noneText={t('none')}
        noMatchText={t('noMatch')}
        pagesLabel={t('pages')}
        totalTestId="journal-total"
      >
        {(items) => (
          <ListTable
            caption={t('title')}
            minWidth={900}
            columns={COLUMNS.map((name) => t(`columns.${name}`))}
          >
            {items.map((entry) => (
              <EntryRows key={entry.id} entry={entry} />
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
