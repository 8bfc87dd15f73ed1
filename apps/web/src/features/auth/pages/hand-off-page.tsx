import { Center, Loader, Stack, Text } from '@mantine/core';
import { dashboardPathOf } from '@tasreeh/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { firstLoginPathOf, LOGIN_PATH } from '../../../app/guards/guard-redirect.ts';
import { testToken } from '../api.ts';
import { setCurrentUser } from '../current-user.ts';
import { storeAccess, storeCredentials } from '../session.ts';

/** Spec §2: the hand-off goes on after two seconds. */
export const HAND_OFF_DELAY_MS = 2000;
const USER_MARKER = '&user_';

/** Splits `{token}&user_{id}` at the marker into the stored user value and the numeric user id. */
export function parseHandOff(parameter: string): { token: string; userId: number | undefined } | undefined {
  const at = parameter.indexOf(USER_MARKER);
  const token = at < 0 ? parameter : parameter.slice(0, at);
  if (!token) return undefined;
  const id = at < 0 ? '' : parameter.slice(at + USER_MARKER.length);
  return { token, userId: /^\d+$/.test(id) ? Number(id) : undefined };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * `/Auth/{token}`: "Routing . . ." while the handed-over token is checked with the server
 * (test-token). A live one replaces the stored session and, after two seconds, opens its
 * dashboard (the admin dashboard for staff); any other leaves the stored session as it was and
 * goes to login.
 */
export function HandOffPage() {
  const { t } = useTranslation('auth');
  const { token: parameter = '' } = useParams();
  const navigate = useNavigate();
  const hasToken = parseHandOff(parameter) !== undefined;

  useEffect(() => {
    const handOff = parseHandOff(parameter);
    if (!handOff) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    testToken(handOff.token, handOff.userId, controller.signal)
      .then((checked) => {
        setCurrentUser(null);
        storeCredentials(handOff.token, checked.userId);
        storeAccess(checked.type, checked.privileges);
        const next = firstLoginPathOf(checked) ?? dashboardPathOf(checked.type);
        timer = setTimeout(() => navigate(next, { replace: true }), HAND_OFF_DELAY_MS);
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) navigate(LOGIN_PATH, { replace: true });
      });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [parameter, navigate]);

  if (!hasToken) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <Center mih="100vh" role="status">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text size="lg">{t('handOff.routing')}</Text>
      </Stack>
    </Center>
  );
}
