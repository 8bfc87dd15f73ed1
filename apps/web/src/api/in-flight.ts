import { useSyncExternalStore } from 'react';

let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Counts a request as in flight until the returned function is called (once). */
export function trackRequest(): () => void {
  inFlight += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight -= 1;
    emit();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many API requests are in flight now, for the global loading indicator. */
export function useInFlightCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => inFlight,
    () => 0,
  );
}
