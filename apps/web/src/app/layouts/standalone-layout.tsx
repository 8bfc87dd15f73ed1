import { Box, Container, Group } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useCurrentUser } from '../../features/auth/current-user.ts';
import { LoadingScreen } from '../loading-screen.tsx';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';

/** A frame without the area's navigation, for a screen that must be finished before anything else. */
export function StandaloneLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={60} px="md" justify="space-between" wrap="nowrap">
          <Brand size="md" />
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch size="xs" />
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </Box>
      <Container component="main" size="xs" py="xl">
        <Suspense key={location.pathname} fallback={<LoadingScreen />}>
          <ModalsProvider>
            <Outlet />
          </ModalsProvider>
        </Suspense>
      </Container>
    </Box>
  );
}
