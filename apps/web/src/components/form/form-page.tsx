import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An add or edit screen: its title, and the form on a sheet as wide as a form reads well. */
export function FormPage({
  title,
  maxWidth = 960,
  children,
}: {
  title: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={maxWidth}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        {children}
      </Paper>
    </Stack>
  );
}
