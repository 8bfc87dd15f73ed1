import { Group, Stack, Text } from '@mantine/core';
import { dateOf, formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';

/** A closed day in both calendars: Gregorian, and Hijri (Umm al-Qura) under it. */
export function ClosingDay({ day }: { day: string }) {
  const { language } = useLanguage();
  const date = dateOf(day);
  return (
    <Stack gap={0}>
      <Text size="sm">{formatDate(date, language)}</Text>
      <Text size="xs" c="dimmed">
        {formatHijriDate(date, language)}
      </Text>
    </Stack>
  );
}

/**
 * One line of a closing's figures: its label and its value. `userData`: the value is as someone
 * typed it (a bank's name, a note, a person's name), not the screen's own text.
 */
export function FigureRow({
  label,
  value,
  strong,
  tone,
  userData,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: string;
  userData?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text component="dt">{label}</Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500} c={tone} data-user-data={userData || undefined}>
        {value}
      </Text>
    </Group>
  );
}
