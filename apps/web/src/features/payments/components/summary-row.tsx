import { Group, Text } from '@mantine/core';

/** One line of an order summary: its label and its value, on one row. */
export function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text component="dt">{label}</Text>
      <Text component="dd" m={0} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}
