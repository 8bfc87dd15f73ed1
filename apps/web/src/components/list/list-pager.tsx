import { Button, Group, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ListCount } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useShownTotal } from './list-total.tsx';
import type { KeysetPages } from './use-keyset-pages.ts';

/**
 * Previous / next under a keyset-paged list, with where the page stands ("21–40 of 41", or
 * "21–40" until the count is in); arrows follow the reading direction.
 */
export function ListPager({
  pages,
  nextCursor,
  isFetching,
  label,
  range,
  count,
}: {
  pages: KeysetPages;
  nextCursor: string | null;
  isFetching: boolean;
  /** What the navigation landmark is called for screen readers ("Pages of branches"). */
  label: string;
  /** The 1-based positions of the first and last rows of the page. */
  range: { first: number; last: number };
  count: ListCount | undefined;
}) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const shownTotal = useShownTotal();
  const { dir } = useDirection();
  const PreviousIcon = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const NextIcon = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  const positions = { first: formatNumber(range.first, language), last: formatNumber(range.last, language) };
  return (
    <Group justify="space-between" component="nav" aria-label={label} wrap="nowrap">
      <Button
        variant="default"
        leftSection={<PreviousIcon size={16} aria-hidden />}
        disabled={!pages.hasPrevious || isFetching}
        onClick={pages.goPrevious}
      >
        {t('list.previous')}
      </Button>
      <Text size="sm" c="gray.7" ta="center" data-testid="list-position">
        {count
          ? t('list.position', { ...positions, total: shownTotal(count) })
          : t('list.positionUncounted', positions)}
      </Text>
      <Button
        variant="default"
        rightSection={<NextIcon size={16} aria-hidden />}
        disabled={!nextCursor || isFetching}
        onClick={() => {
          if (nextCursor) pages.goNext(nextCursor);
        }}
      >
        {t('list.next')}
      </Button>
    </Group>
  );
}
