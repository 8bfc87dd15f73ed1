import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../../../app/layouts/brand.tsx';
import { VersionLabel } from '../../../app/layouts/version-label.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The page around the auth screens: the name, the language selector, a card and the version label. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
        <Brand />
        <LanguageSwitch />
      </Group>
      <Center component="main" px="md" pb="xl">
        <Stack w="100%" maw={440} gap="xs">
          <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md">
            {children}
          </Paper>
          <VersionLabel />
        </Stack>
      </Center>
    </Box>
  );
}
