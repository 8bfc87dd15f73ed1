import { Button, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  EXAM_RESULTS,
  EXAM_SESSION_TYPES,
  type ExamResultRow,
  type Language,
  TRAINING_LANGUAGES,
} from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '../../../components/list/date-filter.tsx';
import { ChoiceFilter } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { centreDateTimeFormat, formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadCertificate } from '../../certificates/api.ts';
import { branchOptionsQuery } from '../../students/api.ts';
import {
  downloadResults,
  type ExamResultParams,
  examinerOptionsQuery,
  examResultCountQuery,
  examResultListQuery,
} from '../api.ts';
import { ResultFilters } from '../components/result-filters.tsx';

type Filters = Omit<ExamResultParams, 'cursor' | 'limit' | 'search'>;
export type ScoresView = 'admin' | 'examiner-score' | 'examiner' | 'corporate' | 'student';

const INITIAL: Filters = {
  courseId: '',
  examType: '',
  result: '',
  language: '',
  from: '',
  to: '',
  branchId: '',
  examinerId: '',
  sort: 'sessionStartsAt',
  order: 'desc',
};

/**
 * `scores` of every area (admin read_19, examiner, corporate, student) and the admin's
 * `examiner-score`: the results the caller may see, searched by a student's name or ID number,
 * filtered by course, exam type, result, language, dates (and branch for staff), exported as XLSX.
 */
export function ScoresPage({ view }: { view: ScoresView }) {
  const { t } = useTranslation(['exam-results', 'courses', 'messages']);
  const { language } = useLanguage();
  const list = useListState<Filters>(INITIAL);
  const query = useQuery(examResultListQuery(list.params));
  const count = useQuery(examResultCountQuery(list.params));
  const staff = view === 'admin' || view === 'examiner-score';
  const branches = useQuery({ ...branchOptionsQuery, enabled: staff });
  const examiners = useQuery({ ...examinerOptionsQuery, enabled: view === 'examiner-score' });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const title = t(`exam-results:title.${view === 'examiner-score' ? 'examinerScore' : view}`);
  const searchable = view !== 'student';

  async function exportList() {
    setExporting(true);
    setExportError(null);
    try {
      await downloadResults(list.params);
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <ListHeader title={title} intro={t('exam-results:intro')}>
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          variant="default"
          loading={exporting}
          onClick={() => void exportList()}
          data-testid="export-results"
        >
          {t('exam-results:export')}
        </Button>
      </ListHeader>
      {exportError ? (
        <Text c="red.8" role="alert">
          {exportError}
        </Text>
      ) : null}
      <ResultFilters
        list={list}
        columns={4}
        search={
          searchable ? { label: t('exam-results:search'), hint: t('exam-results:searchHint') } : undefined
        }
        course={
          view === 'examiner'
            ? undefined
            : { label: t('exam-results:filters.course'), allLabel: t('exam-results:filters.allCourses') }
        }
      >
        <ChoiceFilter
          label={t('exam-results:filters.examType')}
          allLabel={t('exam-results:filters.allTypes')}
          options={EXAM_SESSION_TYPES.map((value) => ({ value, label: t(`exam-results:examType.${value}`) }))}
          value={list.filters.examType}
          onChange={(value) => list.setFilter('examType', value)}
        />
        <ChoiceFilter
          label={t('exam-results:filters.result')}
          allLabel={t('exam-results:filters.allResults')}
          options={EXAM_RESULTS.map((value) => ({ value, label: t(`exam-results:result.${value}`) }))}
          value={list.filters.result}
          onChange={(value) => list.setFilter('result', value)}
        />
        <ChoiceFilter
          label={t('exam-results:filters.language')}
          allLabel={t('exam-results:filters.allLanguages')}
          options={TRAINING_LANGUAGES.map((value) => ({ value, label: t(`courses:languages.${value}`) }))}
          value={list.filters.language}
          onChange={(value) => list.setFilter('language', value)}
        />
        <DateFilter
          label={t('exam-results:filters.from')}
          value={list.filters.from}
          onChange={(value) => list.setFilter('from', value)}
        />
        <DateFilter
          label={t('exam-results:filters.to')}
          value={list.filters.to}
          onChange={(value) => list.setFilter('to', value)}
        />
        {staff && branches.isSuccess && branches.data.length > 1 && (
          <ChoiceFilter
            label={t('exam-results:filters.branch')}
            allLabel={t('exam-results:filters.allBranches')}
            options={branches.data.map((branch) => ({
              value: String(branch.id),
              label: nameIn(branch, language),
            }))}
            value={list.filters.branchId}
            onChange={(value) => list.setFilter('branchId', value)}
          />
        )}
        {view === 'examiner-score' && examiners.isSuccess && (
          <ChoiceFilter
            label={t('exam-results:filters.examiner')}
            allLabel={t('exam-results:filters.allExaminers')}
            options={examiners.data.items.map((examiner) => ({
              value: String(examiner.id),
              label: nameIn(examiner, language),
            }))}
            value={list.filters.examinerId}
            onChange={(value) => list.setFilter('examinerId', value)}
            searchable
          />
        )}
      </ResultFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(shown, total) => t('exam-results:count', { count: shown, total })}
        noneText={t('exam-results:none')}
        noMatchText={t('exam-results:noMatch')}
        pagesLabel={t('exam-results:pages')}
        totalTestId="exam-result-total-count"
      >
        {(items) => (
          <ResultTable
            caption={title}
            items={items}
            view={view}
            language={language}
            onDownloadError={(error) => setExportError(error.message)}
          />
        )}
      </ListResults>
    </Stack>
  );
}

const COLUMNS = [
  'student',
  'idNumber',
  'course',
  'date',
  'examType',
  'language',
  'score',
  'result',
  'certificate',
  'attendance',
] as const;

function ResultTable({
  caption,
  items,
  view,
  language,
  onDownloadError,
}: {
  caption: string;
  items: ExamResultRow[];
  view: ScoresView;
  language: Language;
  onDownloadError(error: Error): void;
}) {
  const { t } = useTranslation(['exam-results', 'courses']);
  const when = centreDateTimeFormat(language);
  const columns = COLUMNS.filter(
    (column) => view !== 'student' || (column !== 'student' && column !== 'idNumber'),
  );
  return (
    <ListTable
      caption={caption}
      minWidth={900}
      columns={columns.map((column) => t(`exam-results:columns.${column}`))}
    >
      {items.map((row) => (
        <Table.Tr key={row.id} data-testid={`exam-result-${row.id}`}>
          {view !== 'student' && (
            <>
              <Table.Td data-user-data>
                {nameIn({ nameEn: row.studentNameEn, nameAr: row.studentNameAr }, language)}
              </Table.Td>
              <Table.Td data-user-data dir="ltr">
                {row.idNumber ?? '—'}
              </Table.Td>
            </>
          )}
          <Table.Td data-user-data>
            {nameIn({ nameEn: row.courseNameEn, nameAr: row.courseNameAr }, language)}
          </Table.Td>
          <Table.Td>{when.format(new Date(row.sessionStartsAt))}</Table.Td>
          <Table.Td>{t(`exam-results:examType.${row.examType}`)}</Table.Td>
          <Table.Td>{t(`courses:languages.${row.language}`, { defaultValue: row.language })}</Table.Td>
          <Table.Td>{row.score === null ? '—' : formatNumber(row.score, language)}</Table.Td>
          <Table.Td>
            {row.result ? (
              <StatusBadge tone={row.result === 'Passed' ? 'positive' : 'negative'}>
                {t(`exam-results:result.${row.result}`)}
              </StatusBadge>
            ) : (
              '—'
            )}
          </Table.Td>
          <Table.Td>
            {row.certificateId !== null ? (
              <Button
                size="xs"
                variant="subtle"
                onClick={() =>
                  downloadCertificate(row.certificateId ?? 0).catch((error: unknown) =>
                    onDownloadError(error instanceof Error ? error : new Error(String(error))),
                  )
                }
              >
                {t('exam-results:downloadCertificate')}
              </Button>
            ) : (
              <Text c="dimmed">—</Text>
            )}
          </Table.Td>
          <Table.Td>{row.attendance ? t(`exam-results:attendance.${row.attendance}`) : '—'}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export const AdminScoresPage = () => <ScoresPage view="admin" />;
export const ExaminerScoreAdminPage = () => <ScoresPage view="examiner-score" />;
export const ExaminerScoresPage = () => <ScoresPage view="examiner" />;
export const CorporateScoresPage = () => <ScoresPage view="corporate" />;
export const StudentScoresPage = () => <ScoresPage view="student" />;
