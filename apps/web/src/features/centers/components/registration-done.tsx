import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** After the request: what happens next, and the way to the login screen. */
export function RegistrationDone({ name, email }: { name: string; email: string }) {
  const { t } = useTranslation('centers');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" align="center" ta="center" data-testid="center-registration-done">
      <ThemeIcon size={56} radius="xl" color="green.9" aria-hidden>
        <IconCircleCheck size={34} />
      </ThemeIcon>
      <Title order={1} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('register.done.title')}
      </Title>
      <Text>
        <Trans
          t={t}
          i18nKey="register.done.body"
          values={{ name, email }}
          components={{ name: <bdi data-user-data />, email: <bdi data-user-data dir="ltr" /> }}
        />
      </Text>
      <Button component={Link} to="/login" state={{ login: email }}>
        {t('register.done.login')}
      </Button>
    </Stack>
  );
}
