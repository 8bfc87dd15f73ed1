import { z } from '@tasreeh/shared';
import { useCallback, useState } from 'react';

/** A code sent: kept so that coming back to the modal does not ask for another too soon. */
export interface OtpSession {
  id: string;
  /** The destination as the API shows it (a mobile: all but the last 2 digits masked, spec §7). */
  shownAs: string;
  digits: number;
  resendAfterSeconds: number;
  /** What the code went to (a mobile, an e-mail): a session for another target is not reused. */
  target: string;
  sentAt: number;
}

/** A sent code is good for 5 minutes; after that a reopened modal asks for a new one. */
export const CODE_LIFETIME_MS = 5 * 60_000;

const STORAGE_KEY = 'registration.otp';

const StoredSession = z.object({
  id: z.string(),
  shownAs: z.string(),
  digits: z.number().int().positive(),
  resendAfterSeconds: z.number().nonnegative(),
  target: z.string(),
  sentAt: z.number(),
});

/** The code this tab's registration last sent, while it is still good (it survives a reload or a visit elsewhere). */
export function readOtpSession(now = Date.now()): OtpSession | null {
  try {
    const parsed = StoredSession.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success && now - parsed.data.sentAt < CODE_LIFETIME_MS ? parsed.data : null;
  } catch {
    return null;
  }
}

function storeOtpSession(session: OtpSession | null): void {
  if (session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(STORAGE_KEY);
}

/**
 * The registration's sent code as page state kept in this tab's session storage: a user who
 * comes back to the code dialog (after closing it, a reload or another page) enters the code
 * already sent, with the resend countdown where it really is, instead of asking for one the
 * API refuses until the wait is over.
 */
export function useStoredOtpSession(): [OtpSession | null, (session: OtpSession | null) => void] {
  const [session, setSession] = useState(readOtpSession);
  const keep = useCallback((next: OtpSession | null) => {
    storeOtpSession(next);
    setSession(next);
  }, []);
  return [session, keep];
}
