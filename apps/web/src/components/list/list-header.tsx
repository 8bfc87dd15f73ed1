import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list screen's title, and its add button for those who may add (display only: the API decides). */
export function ListHeader({
  title,
  add,
  children,
}: {
  title: string;
  add?: { label: string; to: string; allowed: boolean };
  /** More actions beside the add button. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Group gap="sm">
        {children}
        {add?.allowed && (
          <Button component={Link} to={add.to} leftSection={<IconPlus size={18} aria-hidden />}>
            {add.label}
          </Button>
        )}
      </Group>
    </Group>
  );
}
