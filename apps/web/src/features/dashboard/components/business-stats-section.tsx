import { NativeSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type BusinessStats, statsYearsOf } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { businessStatsQuery } from '../api.ts';
import { BusinessTiles, formatYear, MonthlyTable, RevenueLeaders } from './business-stats-parts.tsx';
import { StatsCard } from './stats-card.tsx';

/** Whether nothing at all happened in the year, in the parts the caller reads. */
function isQuiet(stats: BusinessStats): boolean {
  const { users, bookings, revenue } = stats;
  return (
    (!users || users.total.staff + users.total.students === 0) &&
    (!bookings || bookings.total.trainee.count + bookings.total.corporate.count === 0) &&
    (!revenue || (revenue.total.revenue === 0 && revenue.topBranches.length === 0))
  );
}

function YearFigures({ stats }: { stats: BusinessStats }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  if (isQuiet(stats)) {
    return <EmptyState>{t('business.empty', { year: formatYear(stats.year, language) })}</EmptyState>;
  }
  return (
    <Stack gap="lg">
      <BusinessTiles stats={stats} />
      <MonthlyTable stats={stats} />
      {stats.revenue && <RevenueLeaders revenue={stats.revenue} year={stats.year} />}
    </Stack>
  );
}

/**
 * The dashboard's business statistics (staff with read_1, read_9 or read_10; the server answers the
 * parts they hold, for their branch when they have one): a year, its accounts, bookings and revenue
 * against the year before, month by month, and its top three branches and corporates. Loaded on
 * demand, so the dashboard's first paint carries none of it.
 */
export function BusinessStatsSection({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation('dashboard');
  const { language } = useLanguage();
  const years = statsYearsOf(now);
  const [year, setYear] = useState(years.current);
  const query = useQuery(businessStatsQuery(year));
  const choices = Array.from({ length: years.last - years.first + 1 }, (_, index) => years.last - index);
  return (
    <StatsCard
      id="business-stats"
      title={t('business.title')}
      intro={t('business.intro')}
      control={
        <NativeSelect
          label={t('business.year')}
          value={String(year)}
          onChange={(event) => setYear(Number(event.currentTarget.value))}
          data={choices.map((choice) => ({ value: String(choice), label: formatYear(choice, language) }))}
          w={120}
        />
      }
    >
      {query.isPending ? (
        <LoadingState minHeight={160} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div aria-busy={query.isFetching} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <YearFigures stats={query.data} />
        </div>
      )}
    </StatsCard>
  );
}

export default BusinessStatsSection;
