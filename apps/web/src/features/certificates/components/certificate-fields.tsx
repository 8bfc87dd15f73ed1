import { Group, Stack, Text } from '@mantine/core';
import type { Language } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { formatDayFigures } from '../../../i18n/format.ts';

/** One labelled value of a certificate, as a term and its description. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline" justify="space-between">
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} ta="end" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function FieldList({ children }: { children: ReactNode }) {
  return (
    <Stack component="dl" gap={6} m={0}>
      {children}
    </Stack>
  );
}

/** A stored day in figures, Gregorian, in the reader's language. */
export function day(iso: string, language: Language): string {
  return formatDayFigures(iso, language);
}
