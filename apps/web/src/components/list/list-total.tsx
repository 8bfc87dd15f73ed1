import { Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListCount } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * The count of a list in words, plural by `count` ("41 students", "41 طالبًا"); `total` is
 * the number as shown, "10,000+" when the count was capped.
 */
export type TotalText = (count: number, total: string) => string;

/** A count as shown: in Latin digits (decision 0012), and "10,000+" ("أكثر من 10,000") when capped. */
export function useShownTotal(): (count: ListCount) => string {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  return ({ total, capped }) => {
    const shown = formatNumber(total, language);
    return capped ? t('list.moreThan', { total: shown }) : shown;
  };
}

/** How many rows match, read out when it changes; "Counting…" while the count is asked. */
export function ListTotal({
  count,
  totalText,
  testId,
}: {
  count: UseQueryResult<ListCount>;
  totalText: TotalText;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const shownTotal = useShownTotal();
  return (
    <Text c="gray.7" aria-live="polite" data-testid={testId} component="div">
      {count.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          {t('list.counting')}
        </Group>
      ) : count.isError ? null : (
        totalText(count.data.total, shownTotal(count.data))
      )}
    </Text>
  );
}
