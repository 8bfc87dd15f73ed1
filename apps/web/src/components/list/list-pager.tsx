import { Button, Group, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import type { KeysetPages } from './use-keyset-pages.ts';

/** Previous / next under a keyset-paged list, with the page number; arrows follow the reading direction. */
export function ListPager({
  pages,
  nextCursor,
  isFetching,
  label,
}: {
  pages: KeysetPages;
  nextCursor: string | null;
  isFetching: boolean;
  /** What the navigation landmark is called for screen readers ("Pages of branches"). */
  label: string;
}) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const { dir } = useDirection();
  const PreviousIcon = dir === 'rtl' ? IconChevronRight : IconChevronLeft;
  const NextIcon = dir === 'rtl' ? IconChevronLeft : IconChevronRight;
  return (
    <Group justify="space-between" component="nav" aria-label={label}>
      <Button
        variant="default"
        leftSection={<PreviousIcon size={16} aria-hidden />}
        disabled={!pages.hasPrevious || isFetching}
        onClick={pages.goPrevious}
      >
        {t('list.previous')}
      </Button>
      <Text size="sm" c="gray.7">
        {t('list.page', { page: formatNumber(pages.pageNumber, language) })}
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
