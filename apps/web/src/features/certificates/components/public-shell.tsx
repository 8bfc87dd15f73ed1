import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../app/layouts/brand.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The frame of the public certificate pages: the name, the language switch, a narrow column that fits a phone. */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={64} px="md" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={t('appName')}>
            <Brand size="md" />
          </Anchor>
          <LanguageSwitch size="xs" />
        </Group>
      </Box>
      <Container component="main" size="sm" py="xl" px="md">
        {children}
      </Container>
    </Box>
  );
}
