import {
  Alert,
  Card,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { directionOfLanguage, type ExamStats, type Language, type PassFailCount } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter } from '../../../components/list/date-filter.tsx';
import { PHONE_QUERY } from '../../../components/list/list-filters.tsx';
import { ListTable } from '../../../components/list/list-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatNumber, numberFormat } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { examStatsQuery, type StatsPeriod } from '../api.ts';
import { isBackwards, PERIOD_CHOICES, type PeriodChoice, periodOf } from '../period.ts';
import { StatsCard } from './stats-card.tsx';

/** How much of a question's text the table shows (the whole text is its tooltip). */
const SHORT_TEXT = 80;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SHORT_TEXT ? flat : `${flat.slice(0, SHORT_TEXT - 1).trimEnd()}…`;
}

function percent(rate: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** One figure of the period's totals. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Passes and fails per exam language or per form: the counts, and the pass rate as a bar and a percentage. */
function PassFailTable({
  title,
  rows,
  labelOf,
  testId,
}: {
  title: string;
  rows: PassFailCount[];
  labelOf(key: string): string;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <div data-testid={testId}>
        <ListTable
          caption={title}
          minWidth={360}
          columns={[
            t('stats.columns.name'),
            t('stats.columns.passed'),
            t('stats.columns.failed'),
            t('stats.columns.passRate'),
          ]}
        >
          {rows.map((row) => (
            <Table.Tr key={row.key} data-key={row.key}>
              <Table.Td>{labelOf(row.key)}</Table.Td>
              <Table.Td data-cell="passed">{formatNumber(row.passed, language)}</Table.Td>
              <Table.Td data-cell="failed">{formatNumber(row.failed, language)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={row.passRate * 100}
                    color="teal"
                    w={80}
                    aria-label={t('stats.passRateOf', { name: labelOf(row.key) })}
                  />
                  <Text size="sm">{percent(row.passRate, language)}</Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </div>
    </Stack>
  );
}

/** The period's figures: totals, by exam language, by form, and the ten questions most often answered wrong. */
function StatsFigures({ stats }: { stats: ExamStats }) {
  const { t } = useTranslation(['dashboard', 'courses', 'exam-results']);
  const { language } = useLanguage();
  const results = stats.total.passed + stats.total.failed;
  if (results === 0 && stats.topFailingQuestions.length === 0) {
    return <EmptyState>{t('dashboard:stats.empty')}</EmptyState>;
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure
          label={t('dashboard:stats.results')}
          value={formatNumber(results, language)}
          testId="stats-results"
        />
        <Figure
          label={t('dashboard:stats.columns.passed')}
          value={formatNumber(stats.total.passed, language)}
          testId="stats-passed"
        />
        <Figure
          label={t('dashboard:stats.columns.failed')}
          value={formatNumber(stats.total.failed, language)}
          testId="stats-failed"
        />
        <Figure
          label={t('dashboard:stats.columns.passRate')}
          value={percent(stats.total.passRate, language)}
          testId="stats-pass-rate"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PassFailTable
          title={t('dashboard:stats.byLanguage')}
          rows={stats.byLanguage}
          labelOf={(key) => t(`courses:languages.${key}`, { defaultValue: key })}
          testId="stats-by-language"
        />
        <PassFailTable
          title={t('dashboard:stats.byForm')}
          rows={stats.byExamType}
          labelOf={(key) => t(`exam-results:examType.${key}`, { defaultValue: key })}
          testId="stats-by-form"
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('dashboard:stats.topQuestions')}
        </Title>
        {stats.topFailingQuestions.length === 0 ? (
          <Text c="gray.7">{t('dashboard:stats.noQuestions')}</Text>
        ) : (
          <div data-testid="stats-top-questions">
            <ListTable
              caption={t('dashboard:stats.topQuestions')}
              minWidth={600}
              columns={[
                t('dashboard:stats.columns.rank'),
                t('dashboard:stats.columns.question'),
                t('dashboard:stats.columns.questionId'),
                t('dashboard:stats.columns.wrongOfDrawn'),
                t('dashboard:stats.columns.wrongRate'),
              ]}
            >
              {stats.topFailingQuestions.map((question, index) => (
                <Table.Tr key={question.itemKey}>
                  <Table.Td>{formatNumber(index + 1, language)}</Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      lang={question.language}
                      dir={directionOfLanguage(question.language)}
                      title={question.text}
                      data-user-data
                    >
                      {shorten(question.text)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{question.questionIds.map((id) => `#${id}`).join(', ')}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {t('dashboard:stats.wrongOfDrawn', {
                      wrong: formatNumber(question.wrong, language),
                      drawn: formatNumber(question.drawn, language),
                    })}
                  </Table.Td>
                  <Table.Td>{percent(question.wrongRate, language)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </div>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The dashboard's exam statistics (staff with read_19): a period — the last 7 or 30 days, this year
 * or two days chosen — and its passes and fails by exam language and by form and its ten most
 * failed questions, read from the counts the server keeps per Riyadh day. Loaded on demand, so the
 * dashboard's first paint carries none of it.
 */
export function ExamStatsSection({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('dashboard');
  const { message } = useMessages();
  // On a phone the four choices stand one under another rather than run off the screen.
  const narrow = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const [choice, setChoice] = useState<PeriodChoice>('30d');
  const [custom, setCustom] = useState<StatsPeriod>(() => periodOf('30d', now, { from: '', to: '' }));
  const period = periodOf(choice, now, custom);
  const backwards = isBackwards(period);
  const query = useQuery({ ...examStatsQuery(period), enabled: !backwards });
  return (
    <StatsCard
      id="exam-stats"
      title={t('stats.title')}
      intro={t('stats.intro')}
      control={
        <SegmentedControl
          aria-label={t('stats.period')}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth={narrow}
          value={choice}
          onChange={(value) => setChoice(value as PeriodChoice)}
          data={PERIOD_CHOICES.map((value) => ({ value, label: t(`stats.periods.${value}`) }))}
        />
      }
    >
      {choice === 'custom' && (
        <Group align="flex-end">
          <DateFilter
            label={t('stats.from')}
            value={custom.from}
            onChange={(from) => setCustom((was) => ({ ...was, from }))}
          />
          <DateFilter
            label={t('stats.to')}
            value={custom.to}
            onChange={(to) => setCustom((was) => ({ ...was, to }))}
          />
        </Group>
      )}
      {backwards ? (
        <Alert color="orange" role="alert">
          {message('EXAM_STATS_RANGE')}
        </Alert>
      ) : query.isPending ? (
        <LoadingState minHeight={160} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <StatsFigures stats={query.data} />
        </div>
      )}
    </StatsCard>
  );
}

export default ExamStatsSection;
