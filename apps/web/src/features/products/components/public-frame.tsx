import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { IconLayoutDashboard, IconLogin } from '@tabler/icons-react';
import { dashboardPathOf } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../app/layouts/brand.tsx';
import { VersionLabel } from '../../../app/layouts/version-label.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { readLoggedInType } from '../../auth/session.ts';

/** Log in, or for a visitor already logged in in this browser, the way back to their own area. */
function AccountButton() {
  const { t } = useTranslation('products');
  const type = readLoggedInType();
  return (
    <Button
      component={Link}
      to={type ? dashboardPathOf(type) : '/login'}
      variant="light"
      size="xs"
      leftSection={type ? <IconLayoutDashboard size={16} aria-hidden /> : <IconLogin size={16} aria-hidden />}
    >
      {type ? t('catalogue.myDashboard') : t('catalogue.login')}
    </Button>
  );
}

/** The public shop's frame (spec §2 Public): the name back to the catalogue, the language switch and a way to log in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('products');
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
        <Group
          h={64}
          px="md"
          justify="space-between"
          wrap="nowrap"
          component="nav"
          aria-label={t('catalogue.header')}
        >
          <Anchor component={Link} to="/products" underline="never" aria-label={t('catalogue.home')}>
            <Brand size="md" />
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch size="xs" />
            <AccountButton />
          </Group>
        </Group>
      </Box>
      <Container component="main" size="lg" py="xl">
        {children}
      </Container>
      <Box component="footer" pb="md">
        <VersionLabel />
      </Box>
    </Box>
  );
}
