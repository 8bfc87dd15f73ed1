import { Box, Group, Input, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { gregorianToHijri, hijriToGregorian, type Language, normalizeDigits } from '@tasreeh/shared';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { type Calendar, type DateParts, gregorianOf } from '../student-fields.ts';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Month names in the UI language: Gregorian, or Umm al-Qura Hijri. */
function monthName(calendar: Calendar, month: number, language: Language): string {
  const utc = (iso: string | undefined) => new Date(`${iso ?? '2000-01-01'}T00:00:00Z`);
  const date =
    calendar === 'hijri' ? utc(hijriToGregorian(1445, month, 1)) : new Date(Date.UTC(2000, month - 1, 1));
  const calendarTag = calendar === 'hijri' ? 'islamic-umalqura' : 'gregory';
  return dateTimeFormat(language, { calendar: calendarTag, month: 'long', timeZone: 'UTC' }).format(date);
}

/** The same day in the other calendar, when the typed date is complete (for switching calendars). */
function convert(value: DateParts, to: Calendar): DateParts {
  const iso = gregorianOf(value);
  if (!iso) return { ...value, calendar: to, day: value.day, month: value.month, year: '' };
  if (to === 'hijri') {
    const hijri = gregorianToHijri(iso);
    if (!hijri) return { calendar: to, day: '', month: '', year: '' };
    return { calendar: to, day: String(hijri.day), month: String(hijri.month), year: String(hijri.year) };
  }
  const [year = '', month = '', day = ''] = iso.split('-');
  return { calendar: to, day: String(Number(day)), month: String(Number(month)), year };
}

export interface DatePartsFieldProps {
  id: string;
  label: string;
  value: DateParts;
  onChange: (value: DateParts) => void;
  error?: string;
  required?: boolean;
  /** Placeholder years for each calendar, hinting the range people expect. */
  yearPlaceholder: Record<Calendar, string>;
}

/**
 * A date typed as day, month and year, in the Gregorian or the Umm al-Qura Hijri calendar
 * (a switch; switching converts what is typed). The same day in the other calendar is shown
 * under it, so the person can check it against their papers.
 */
export function DatePartsField({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  yearPlaceholder,
}: DatePartsFieldProps) {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const iso = gregorianOf(value);
  const hint =
    iso &&
    (value.calendar === 'hijri'
      ? t('date.sameAsGregorian', { date: formatDate(new Date(`${iso}T00:00:00Z`), language) })
      : gregorianToHijri(iso) &&
        t('date.sameAsHijri', { date: formatHijriDate(new Date(`${iso}T00:00:00Z`), language) }));
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  const controlProps = { styles: { label: { fontWeight: 400 } }, error: Boolean(error) };
  const group = useRef<HTMLDivElement>(null);

  // Mantine sets each control's aria-describedby from its own description and error only; the
  // shared hint and error of the three parts are linked here, after Mantine has rendered.
  useLayoutEffect(() => {
    for (const control of group.current?.querySelectorAll('select, input') ?? []) {
      if (describedBy) control.setAttribute('aria-describedby', describedBy);
      else control.removeAttribute('aria-describedby');
    }
  });
  const days = value.calendar === 'hijri' ? 30 : 31;

  return (
    <Box component="fieldset" id={id} m={0} p={0} style={{ border: 0, minInlineSize: 0 }}>
      <Text
        component="legend"
        size="sm"
        p={0}
        mb={4}
        style={{ fontWeight: 'var(--mantine-font-weight-medium)' }}
      >
        {label}
        {required && (
          <Text span c="red.8" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Stack gap={6}>
        <SegmentedControl
          size="xs"
          w="fit-content"
          aria-label={`${label}: ${t('date.calendar')}`}
          value={value.calendar}
          onChange={(calendar) => onChange(convert(value, calendar === 'hijri' ? 'hijri' : 'gregorian'))}
          data={[
            { value: 'gregorian', label: t('date.gregorian') },
            { value: 'hijri', label: t('date.hijri') },
          ]}
        />
        <Group ref={group} gap="xs" wrap="nowrap" align="flex-start" maw={480}>
          <NativeSelect
            id={`${id}-day`}
            label={t('date.day')}
            size="sm"
            w={84}
            value={value.day}
            onChange={(event) => onChange({ ...value, day: event.currentTarget.value })}
            data={[
              { value: '', label: '—' },
              ...Array.from({ length: days }, (_, index) => String(index + 1)),
            ]}
            {...controlProps}
          />
          <NativeSelect
            id={`${id}-month`}
            label={t('date.month')}
            size="sm"
            style={{ flex: 1, minInlineSize: 0 }}
            value={value.month}
            onChange={(event) => onChange({ ...value, month: event.currentTarget.value })}
            data={[
              { value: '', label: '—' },
              ...MONTHS.map((month) => ({
                value: String(month),
                label: `${month} · ${monthName(value.calendar, month, language)}`,
              })),
            ]}
            {...controlProps}
          />
          <TextInput
            id={`${id}-year`}
            label={t('date.year')}
            size="sm"
            w={92}
            inputMode="numeric"
            maxLength={4}
            dir="ltr"
            placeholder={yearPlaceholder[value.calendar]}
            value={value.year}
            onChange={(event) =>
              onChange({ ...value, year: normalizeDigits(event.currentTarget.value).replace(/\D/g, '') })
            }
            {...controlProps}
          />
        </Group>
        {hint && (
          <Text id={hintId} size="sm" c="gray.7" data-testid={`${id}-converted`}>
            {hint}
          </Text>
        )}
        {error && <Input.Error id={errorId}>{error}</Input.Error>}
      </Stack>
    </Box>
  );
}
