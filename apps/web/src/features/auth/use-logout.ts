import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifyInfo } from '../../components/notify.ts';
import { useMessages } from '../../i18n/use-messages.ts';
import { logout } from './api.ts';
import { setCurrentUser } from './current-user.ts';
import { clearStoredSession } from './session.ts';

/** Ends the session: tells the server (best effort), forgets everything stored, goes to login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = useMessages();
  return async () => {
    try {
      await logout();
    } catch {
      // The session is forgotten here whatever the server says.
    }
    clearStoredSession();
    setCurrentUser(null);
    queryClient.clear();
    navigate('/login', { replace: true });
    notifyInfo(message('LOGGED_OUT'));
  };
}
