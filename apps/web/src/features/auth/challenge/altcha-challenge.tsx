import type {} from 'altcha/types/react';
import { useEffect, useRef } from 'react';
import { apiBaseOf, environmentOf } from '../../../api/environment.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { loadAltcha } from './load-altcha.ts';

interface StateChange {
  state: string;
  payload?: string;
}

function isStateChange(event: Event): event is CustomEvent<StateChange> {
  return event instanceof CustomEvent && typeof event.detail?.state === 'string';
}

/**
 * The proof-of-work check the API asks for (400 CHALLENGE_REQUIRED): the widget fetches a
 * challenge from GET /auth/challenge, solves it in the browser and hands over the solution,
 * which goes with the next request as `altcha`. A solution is good once: remount (a new `key`)
 * for another.
 */
export function AltchaChallenge({ onSolved }: { onSolved: (solution: string) => void }) {
  const widget = useRef<HTMLElement>(null);
  const solved = useRef(onSolved);
  solved.current = onSolved;
  const { language } = useLanguage();

  useEffect(() => {
    void loadAltcha();
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      if (!isStateChange(event)) return;
      if (event.detail.state === 'verified' && event.detail.payload) solved.current(event.detail.payload);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <altcha-widget
      ref={widget}
      challenge={`${apiBaseOf(environmentOf(window.location.hostname))}/auth/challenge`}
      auto="onload"
      language={language}
      configuration={JSON.stringify({ hideFooter: true })}
      data-testid="altcha-challenge"
    />
  );
}
