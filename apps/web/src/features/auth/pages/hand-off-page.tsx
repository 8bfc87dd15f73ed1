import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ADMIN_DASHBOARD_PATH, LOGIN_PATH } from '../../../app/guards/guard-redirect.ts';
import { setCurrentUser } from '../current-user.ts';
import { storeCredentials } from '../session.ts';

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

/** `/Auth/{token}`: "Routing . . .", stores the handed-over session, then the admin dashboard. */
export function HandOffPage() {
  const { t } = useTranslation('auth');
  const { token: parameter = '' } = useParams();
  const navigate = useNavigate();
  const hasToken = parseHandOff(parameter) !== undefined;

  useEffect(() => {
    const handOff = parseHandOff(parameter);
    if (!handOff) return;
    setCurrentUser(null);
    storeCredentials(handOff.token, handOff.userId);
    const timer = setTimeout(() => navigate(ADMIN_DASHBOARD_PATH, { replace: true }), HAND_OFF_DELAY_MS);
    return () => clearTimeout(timer);
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
