import { useEffect, useRef, useState } from 'react';
import { login } from './api.ts';

type LoginRequest = Parameters<typeof login>[0];
type LoginSession = Awaited<ReturnType<typeof login>>;

interface LoginCallbacks {
  onSuccess: (session: LoginSession) => void;
  onError: (error: unknown) => void;
}

/**
 * The login call and whether it is under way, for the login form. The first screen loads without
 * TanStack Query (decision 0010), so this does the little of `useMutation` the form used: the
 * callbacks run only while the form is still there, as `mutate`'s did.
 */
export function useLogin() {
  const [isPending, setIsPending] = useState(false);
  const isMounted = useRef(false);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const mutate = (request: LoginRequest, { onSuccess, onError }: LoginCallbacks) => {
    setIsPending(true);
    login(request).then(
      (session) => {
        if (!isMounted.current) return;
        setIsPending(false);
        onSuccess(session);
      },
      (error: unknown) => {
        if (!isMounted.current) return;
        setIsPending(false);
        onError(error);
      },
    );
  };

  return { isPending, mutate };
}
