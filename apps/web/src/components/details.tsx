import { Card, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHijriDate, nameIn } from '../i18n/format.ts';
import { useLanguage } from '../i18n/use-language.ts';

/** One labelled value of a record (a `dt` and its `dd`, inside a `dl`); a long value wraps anywhere. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A titled box of a record's details, in columns that wrap on a phone. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** A figure of a record shown large in a card (its students, its rooms), under what it counts. */
export function StatCard({
  label,
  testId,
  children,
}: {
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {children}
      </Text>
    </Card>
  );
}

/** What a detail shows when nothing is stored: "Not set", or `children`, dimmed. */
export function NotSet({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Text span c="gray.7" fw={400}>
      {children ?? t('form.notSet')}
    </Text>
  );
}

/** A day in words by both calendars, the second under the first (Gregorian first unless `hijriFirst`). */
export function BothCalendars({
  date,
  hijriFirst = false,
}: {
  date: Date | undefined;
  hijriFirst?: boolean;
}) {
  const { language } = useLanguage();
  if (!date) return <NotSet />;
  const gregorian = formatDate(date, language);
  const hijri = formatHijriDate(date, language);
  return (
    <>
      {hijriFirst ? hijri : gregorian}
      <Text span display="block" size="sm" c="gray.7" fw={400}>
        {hijriFirst ? gregorian : hijri}
      </Text>
    </>
  );
}

/**
 * The top of a record's screen: its name in the UI language, the other language's name under it
 * (both typed data), a line above or below if given, and the record's actions at the other end.
 */
export function RecordHeader({
  named,
  above,
  below,
  children,
}: {
  named: { nameEn: string; nameAr: string };
  above?: string;
  below?: string;
  /** The record's actions (edit…). */
  children?: ReactNode;
}) {
  const { language } = useLanguage();
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        {above && (
          <Text c="gray.7" size="sm">
            {above}
          </Text>
        )}
        <Title order={1} size="h2" data-user-data>
          {nameIn(named, language)}
        </Title>
        <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'}>
          {language === 'ar' ? named.nameEn : named.nameAr}
        </Text>
        {below && (
          <Text size="sm" c="gray.7">
            {below}
          </Text>
        )}
      </div>
      {children && <Group gap="sm">{children}</Group>}
    </Group>
  );
}
