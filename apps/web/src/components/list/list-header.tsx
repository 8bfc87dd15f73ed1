import { Button, Group, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The add button of a list: a link to the add screen (`to`), or what opens an add dialog (`onClick`). */
export type ListAdd = { label: string; allowed: boolean } & ({ to: string } | { onClick(): void });

/** The add button of a list, for those who may add (display only: the API decides). */
export function AddButton({ add }: { add: ListAdd }) {
  if (!add.allowed) return null;
  const icon = <IconPlus size={18} aria-hidden />;
  return 'to' in add ? (
    <Button component={Link} to={add.to} leftSection={icon}>
      {add.label}
    </Button>
  ) : (
    <Button onClick={add.onClick} leftSection={icon}>
      {add.label}
    </Button>
  );
}

/** A list screen's title, and its add button for those who may add. */
export function ListHeader({
  title,
  intro,
  add,
  children,
}: {
  title: string;
  /** A line under the title saying what the list holds. */
  intro?: string;
  add?: ListAdd;
  /** More actions beside the add button. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {intro && <Text c="gray.7">{intro}</Text>}
      </div>
      <Group gap="sm">
        {children}
        {add && <AddButton add={add} />}
      </Group>
    </Group>
  );
}
