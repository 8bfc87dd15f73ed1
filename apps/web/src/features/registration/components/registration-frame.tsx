import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '../../../app/layouts/brand.tsx';
import { VersionLabel } from '../../../app/layouts/version-label.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The auth screens' frame (name, language selector, card, version label), wide enough for a form of two columns. */
export function RegistrationFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('registration');
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" px="md" py="sm" wrap="nowrap">
        <Brand />
        <LanguageSwitch />
      </Group>
      <Center component="main" px={{ base: 'xs', xs: 'md' }} pb="xl">
        <Stack w="100%" maw={760} gap="xs">
          <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
            {children}
          </Paper>
          <Text size="sm" ta="center">
            {t('haveAccount')}{' '}
            <Anchor component={Link} to="/login" fw={500}>
              {t('login')}
            </Anchor>
          </Text>
          <VersionLabel />
        </Stack>
      </Center>
    </Box>
  );
}
