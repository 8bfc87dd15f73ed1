import { Stack, Text } from '@mantine/core';
import { type ReactNode, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AltchaChallenge } from './altcha-challenge.tsx';

/**
 * When the API answers 400 CHALLENGE_REQUIRED (a login after repeated failures, a code to a phone),
 * shows the proof-of-work widget and, once it is solved, runs `retry` again with the solution and
 * what the refused request carried. A solution is good once, so each new refusal brings a new
 * widget.
 */
export function useChallengeRetry<Request>(retry: (request: Request, solution: string) => void): {
  /** Takes over a failed call: true when it asked for a challenge (the widget is shown). */
  askIfRequired: (error: unknown, request: Request) => boolean;
  /** Hides the widget once it is no longer needed (the retried call went through). */
  clearChallenge: () => void;
  challenge: ReactNode;
} {
  const { message } = useMessages();
  const [round, setRound] = useState(0);
  const pending = useRef<{ request: Request } | undefined>(undefined);

  const askIfRequired = (error: unknown, request: Request) => {
    if (!(error instanceof ApiError && error.code === 'CHALLENGE_REQUIRED')) return false;
    pending.current = { request };
    setRound((current) => current + 1);
    return true;
  };

  const onSolved = (solution: string) => {
    const waiting = pending.current;
    pending.current = undefined;
    if (waiting) retry(waiting.request, solution);
  };

  const challenge =
    round === 0 ? null : (
      <Stack gap="xs">
        <Text size="sm" role="status">
          {message('CHALLENGE_REQUIRED')}
        </Text>
        <AltchaChallenge key={round} onSolved={onSolved} />
      </Stack>
    );
  const clearChallenge = () => {
    pending.current = undefined;
    setRound(0);
  };
  return { askIfRequired, clearChallenge, challenge };
}
