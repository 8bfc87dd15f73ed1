import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { Area } from '@tasreeh/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { useCurrentUser } from '../../features/auth/current-user.ts';
import { LoadingScreen } from '../loading-screen.tsx';
import { navGroupsOf, navNamespacesOf } from './area-nav.ts';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';
import { VersionLabel } from './version-label.tsx';

/**
 * The frame of an area: a header (drawer toggle, name, language, user menu) and a side
 * drawer that shows and hides on a desktop and opens over the page on a phone.
 */
export function AreaLayout({ area }: { area: Area }) {
  const groups = navGroupsOf(area);
  // The links' labels come from their features' namespaces, loaded on demand: wait for them.
  const { t } = useTranslation(['layout', ...navNamespacesOf(groups)]);
  const user = useCurrentUser();
  const location = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpened, { toggle: toggleDesktop }] = useDisclosure(true);
  // The link of the screen shown, or of the list a detail screen belongs to: the longest path that leads to it.
  const activePath = groups
    .flatMap((group) => group.items.map((item) => item.path))
    .filter((path) => location.pathname === path || location.pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? t('drawer.hide') : t('drawer.show')}
              aria-expanded={mobileOpened}
              aria-controls="area-navigation"
            />
            <Burger
              opened={desktopOpened}
              onClick={toggleDesktop}
              visibleFrom="sm"
              size="sm"
              aria-label={desktopOpened ? t('drawer.hide') : t('drawer.show')}
              aria-expanded={desktopOpened}
              aria-controls="area-navigation"
            />
            <Brand size="md" />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch size="xs" />
            {user && <UserMenu user={user} changePasswordPath={`/${area}/change-password`} />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" id="area-navigation" aria-label={t('drawer.label')}>
        <AppShell.Section grow component={ScrollArea} type="auto">
          <Box>
            <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb="xs">
              {t(`areas.${area}`)}
            </Text>
            {groups.map((group) => (
              <Box key={group.section ?? group.items[0]?.path} component="section" pb="xs">
                {group.section && (
                  <Text component="h2" size="xs" fw={700} c="gray.7" px="sm" pt="sm" pb={4} m={0}>
                    {t(`sections.${group.section}`)}
                  </Text>
                )}
                {group.items.map((item) => (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={t(item.labelKey)}
                    leftSection={<item.icon size={18} aria-hidden />}
                    active={item.path === activePath}
                    aria-current={item.path === activePath ? 'page' : undefined}
                    variant="filled"
                    onClick={closeMobile}
                  />
                ))}
              </Box>
            ))}
          </Box>
        </AppShell.Section>
        <AppShell.Section>
          <VersionLabel />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense key={location.pathname} fallback={<LoadingScreen />}>
          <ModalsProvider>
            <Outlet />
          </ModalsProvider>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
