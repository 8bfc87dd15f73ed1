import { Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { BookingCounts, BusinessStats, Language, RevenueLeader } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list/list-table.tsx';
import { dateTimeFormat, formatNumber, formatSar, nameIn, numberFormat } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

/** A year in figures, without a thousands separator. */
export function formatYear(year: number, language: Language): string {
  return numberFormat(language, { useGrouping: false }).format(year);
}

/** How much a figure moved from last year's, as a signed percentage; none when last year had nothing. */
function changeOf(current: number, previous: number, language: Language): string | null {
  if (previous === 0) return null;
  return numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format((current - previous) / Math.abs(previous));
}

/** One of the year's figures, with the change from last year's. */
function Tile({
  label,
  value,
  detail,
  current,
  previous,
  previousText,
  year,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  current: number;
  previous: number;
  previousText: string;
  year: number;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const change = changeOf(current, previous, language);
  const lastYear = formatYear(year - 1, language);
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl" data-cell="value">
        {value}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
      <Text size="sm" c="gray.7" data-cell="change">
        {change === null
          ? t('business.noneBefore', { year: lastYear })
          : t('business.change', { change, year: lastYear, previous: previousText })}
      </Text>
    </Card>
  );
}

/** The four tiles of the parts the caller reads: users, trainee bookings, corporate bookings, revenue. */
export function BusinessTiles({ stats }: { stats: BusinessStats }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const { users, bookings, revenue, year } = stats;
  const number = (value: number) => formatNumber(value, language);
  const bookingTile = (kind: 'trainee' | 'corporate') =>
    bookings && (
      <Tile
        label={t(`business.tiles.${kind}`)}
        value={number(bookings.total[kind].count)}
        detail={t('business.paid', { paid: number(bookings.total[kind].paid) })}
        current={bookings.total[kind].count}
        previous={bookings.previousYear[kind].count}
        previousText={number(bookings.previousYear[kind].count)}
        year={year}
        testId={`business-${kind}`}
      />
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {users && (
        <Tile
          label={t('business.tiles.users')}
          value={number(users.total.staff + users.total.students)}
          detail={t('business.usersSplit', {
            staff: number(users.total.staff),
            students: number(users.total.students),
          })}
          current={users.total.staff + users.total.students}
          previous={users.previousYear.staff + users.previousYear.students}
          previousText={number(users.previousYear.staff + users.previousYear.students)}
          year={year}
          testId="business-users"
        />
      )}
      {bookingTile('trainee')}
      {bookingTile('corporate')}
      {revenue && (
        <Tile
          label={t('business.tiles.revenue')}
          value={formatSar(revenue.total.revenue, language)}
          current={revenue.total.revenue}
          previous={revenue.previousYear.revenue}
          previousText={formatSar(revenue.previousYear.revenue, language)}
          year={year}
          testId="business-revenue"
        />
      )}
    </SimpleGrid>
  );
}

/** A figure and a bar of it against the column's largest (the bar only draws what the text says). */
function BarCell({ text, value, max }: { text: string; value: number; max: number }) {
  return (
    <Table.Td>
      <Stack gap={4}>
        <Text size="sm">{text}</Text>
        <Progress aria-hidden value={max > 0 ? (Math.max(value, 0) / max) * 100 : 0} size="sm" w={96} />
      </Stack>
    </Table.Td>
  );
}

/** The year month by month: a row a month, a column a part the caller reads, each with its bar. */
export function MonthlyTable({ stats }: { stats: BusinessStats }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const { users, bookings, revenue } = stats;
  const monthName = (month: number) =>
    dateTimeFormat(language, { month: 'long', calendar: 'gregory', timeZone: 'UTC' }).format(
      new Date(Date.UTC(stats.year, month - 1, 15)),
    );
  const largest = (values: number[] | undefined) => Math.max(0, ...(values ?? []));
  const maxUsers = largest(users?.months.map((m) => m.figures.staff + m.figures.students));
  const maxTrainee = largest(bookings?.months.map((m) => m.figures.trainee.count));
  const maxCorporate = largest(bookings?.months.map((m) => m.figures.corporate.count));
  const maxRevenue = largest(revenue?.months.map((m) => m.figures.revenue));
  const countPaid = (counts: BookingCounts) =>
    t('business.countPaid', {
      count: formatNumber(counts.count, language),
      paid: formatNumber(counts.paid, language),
    });
  const columns = [
    t('business.columns.month'),
    ...(users ? [t('business.tiles.users')] : []),
    ...(bookings ? [t('business.tiles.trainee'), t('business.tiles.corporate')] : []),
    ...(revenue ? [t('business.tiles.revenue')] : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('business.byMonth')}
      </Title>
      <div data-testid="business-months">
        <ListTable caption={t('business.byMonth')} minWidth={520} columns={columns}>
          {Array.from({ length: 12 }, (_, index) => {
            const month = index + 1;
            const userFigures = users?.months[index]?.figures;
            const bookingFigures = bookings?.months[index]?.figures;
            const revenueFigures = revenue?.months[index]?.figures;
            return (
              <Table.Tr key={month} data-month={month}>
                <Table.Td>{monthName(month)}</Table.Td>
                {userFigures && (
                  <BarCell
                    text={formatNumber(userFigures.staff + userFigures.students, language)}
                    value={userFigures.staff + userFigures.students}
                    max={maxUsers}
                  />
                )}
                {bookingFigures && (
                  <>
                    <BarCell
                      text={countPaid(bookingFigures.trainee)}
                      value={bookingFigures.trainee.count}
                      max={maxTrainee}
                    />
                    <BarCell
                      text={countPaid(bookingFigures.corporate)}
                      value={bookingFigures.corporate.count}
                      max={maxCorporate}
                    />
                  </>
                )}
                {revenueFigures && (
                  <BarCell
                    text={formatSar(revenueFigures.revenue, language)}
                    value={revenueFigures.revenue}
                    max={maxRevenue}
                  />
                )}
              </Table.Tr>
            );
          })}
        </ListTable>
      </div>
    </Stack>
  );
}

/** The three branches or corporates of most revenue, named in the reader's language. */
function LeaderList({
  title,
  leaders,
  year,
  testId,
}: {
  title: string;
  leaders: RevenueLeader[];
  year: number;
  testId: string;
}) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const top = Math.max(0, ...leaders.map((leader) => leader.revenue));
  return (
    <Card withBorder padding="sm" data-testid={testId}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        {leaders.length === 0 ? (
          <Text c="gray.7" size="sm">
            {t('business.noRevenue', { year: formatYear(year, language) })}
          </Text>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {leaders.map((leader, index) => (
              <li key={leader.id}>
                <Text size="sm" fw={600}>
                  {formatNumber(index + 1, language)}. <bdi data-user-data>{nameIn(leader, language)}</bdi>
                </Text>
                <Text size="sm">{formatSar(leader.revenue, language)}</Text>
                <Progress
                  aria-hidden
                  value={top > 0 ? (leader.revenue / top) * 100 : 0}
                  size="sm"
                  color="teal"
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** The year's top three branches and corporates by revenue (read_10). */
export function RevenueLeaders({
  revenue,
  year,
}: {
  revenue: NonNullable<BusinessStats['revenue']>;
  year: number;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <LeaderList
        title={t('business.topBranches')}
        leaders={revenue.topBranches}
        year={year}
        testId="business-top-branches"
      />
      <LeaderList
        title={t('business.topCorporates')}
        leaders={revenue.topCorporates}
        year={year}
        testId="business-top-corporates"
      />
    </SimpleGrid>
  );
}
