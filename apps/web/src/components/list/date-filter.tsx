import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDayFigures } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/use-language.ts';

/**
 * A list's day filter (`YYYY-MM-DD`, `''` for none), or a report's day (`required`). The day is written the page language's way
 * through Intl (26/11/2026, in Arabic read right to left), not the browser's (a native date field
 * writes mm/dd/yyyy on an Arabic page); its calendar names months and days in the page language.
 */
export function DateFilter({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A day that is never empty (a report's period): no clear button, and no way to empty it. */
  required?: boolean;
}) {
  const { language } = useLanguage();
  const { t } = useTranslation('common');
  return (
    <DatePickerInput
      label={label}
      locale={language}
      value={value || null}
      onChange={(next) => {
        if (next || !required) onChange(next ?? '');
      }}
      valueFormatter={({ date }) =>
        !date || Array.isArray(date) ? '' : formatDayFigures(dayjs(date).format('YYYY-MM-DD'), language)
      }
      clearable={!required}
      clearButtonProps={required ? undefined : { 'aria-label': t('list.clearDate', { label }) }}
    />
  );
}

/** A list whose filters hold a day range, `from` and `to` (`YYYY-MM-DD`, `''` for open). */
interface ListWithDayRange {
  filters: { from: string; to: string };
  setFilter(key: 'from' | 'to', value: string): void;
}

/** The From and To day filters of a list, bound to its `from` and `to`. */
export function DayRangeFilter({
  list,
  fromLabel,
  toLabel,
}: {
  list: ListWithDayRange;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <DateFilter
        label={fromLabel}
        value={list.filters.from}
        onChange={(value) => list.setFilter('from', value)}
      />
      <DateFilter label={toLabel} value={list.filters.to} onChange={(value) => list.setFilter('to', value)} />
    </>
  );
}
