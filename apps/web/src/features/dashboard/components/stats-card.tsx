import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dashboard statistics section: a card named by its title (for screen readers too), a line of
 * introduction, the section's own period control beside them, then its body.
 */
export function StatsCard({
  id,
  title,
  intro,
  control,
  children,
}: {
  /** Names the section (`${id}-title`) and is its test id. */
  id: string;
  title: string;
  intro: string;
  control: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4" id={`${id}-title`}>
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              {intro}
            </Text>
          </div>
          {control}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
