import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MessageCode } from '@tasreeh/shared';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { takeEarlyInput } from '../../../app/early-input.ts';
import { firstLoginPathOf } from '../../../app/guards/guard-redirect.ts';
import { landingPathOf, returnPathIn, withReturnPath } from '../../../app/guards/return-path.ts';
import { notifyError } from '../../../components/notify.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useChallengeRetry } from '../challenge/use-challenge-retry.tsx';
import { setCurrentUser } from '../current-user.ts';
import { readRememberedLogin, rememberLogin } from '../remembered-login.ts';
import { storeAccess, storeCredentials } from '../session.ts';
import { useLogin } from '../use-login.ts';

/** Spec §2: after a successful login the user is sent on after one second. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

/** E-mail or ID and password; on success the session is stored and the user sent to their area. */
export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation('auth');
  const { message, errorMessage } = useMessages();
  const navigate = useNavigate();
  const location = useLocation();
  const remembered = readRememberedLogin();
  // A screen that sends the user here (registration) may hand over the login to fill in; the
  // state is whatever that screen put, so it is read as unknown and checked.
  const handedOver = (location.state as { login?: unknown } | null)?.login;
  const requested = returnPathIn(location.search);
  const [email, setEmail] = useState(typeof handedOver === 'string' ? handedOver : remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [issue, setIssue] = useState<MessageCode | undefined>();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const login = useLogin();
  const { askIfRequired, challenge } = useChallengeRetry(
    (request: { email: string; password: string }, altcha: string) => attempt({ ...request, altcha }),
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // What was typed into the painted login before the app replaced it carries over, with the
  // focus and a submit already asked for (decision 0010).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the form's first render over the HTML
  useLayoutEffect(() => {
    const early = takeEarlyInput();
    if (!early) return;
    const typedEmail = early.values.username ?? email;
    const typedPassword = early.values['current-password'] ?? password;
    setEmail(typedEmail);
    setPassword(typedPassword);
    const focused = { username: emailInput, 'current-password': passwordInput }[early.focused ?? ''];
    focused?.current?.focus();
    if (early.submitted) send(typedEmail, typedPassword);
  }, []);

  const attempt = (request: { email: string; password: string; altcha?: string }) =>
    login.mutate(request, {
      onSuccess: (session) => {
        setCurrentUser(null);
        storeCredentials(session.access_token, session.userId);
        storeAccess(session.type, session.privileges);
        rememberLogin(remember ? email.trim() : null);
        const firstLogin = firstLoginPathOf(session);
        const landing = landingPathOf(session.type, requested);
        const target = firstLogin
          ? withReturnPath(firstLogin, landing === requested ? requested : undefined)
          : landing;
        setRedirecting(true);
        timer.current = setTimeout(() => navigate(target), LOGIN_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        // After repeated failures the API asks for a proof-of-work; the login goes again once solved.
        if (askIfRequired(error, { email: request.email, password: request.password })) return;
        notifyError(errorMessage(error, 'INVALID_CREDENTIALS'));
      },
    });

  const send = (typedEmail: string, typedPassword: string) => {
    if (!typedEmail.trim() || !typedPassword) {
      setIssue('FILL_ALL_FIELDS');
      return;
    }
    setIssue(undefined);
    attempt({ email: typedEmail.trim(), password: typedPassword });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(email, password);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')}>
      <Stack gap="md">
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          autoComplete="username"
          ref={emailInput}
          data-autofocus
          required
        />
        <PasswordField
          label={t('login.password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="current-password"
          ref={passwordInput}
          required
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label={t('login.remember')}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        {issue && (
          <Text c="red.8" size="sm" role="alert" data-testid="form-error">
            {message(issue)}
          </Text>
        )}
        {challenge}
        <Button type="submit" fullWidth loading={login.isPending || redirecting}>
          {t('login.submit')}
        </Button>
        {redirecting && (
          <Text size="sm" ta="center" role="status">
            {t('login.redirecting')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
