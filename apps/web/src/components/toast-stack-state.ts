import type { notifications } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

/** Mantine's toast store, which comes with the toast stack. */
type ToastStore = typeof notifications;

/**
 * The toast stack loads on demand (decision 0010): on the first interaction with the page or
 * with the first toast, whichever comes first. Its containers are polite live regions, and a
 * live region reads out only what changes in it once it is there: a toast asked for before
 * the containers are in the page waits for them, then shows in them.
 */
let isWanted = false;
let readyStore: ToastStore | null = null;
const waiting: ((toasts: ToastStore) => void)[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks for the toast stack to be loaded and mounted. */
export function wantToastStack(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

/** Whether the toast stack has been asked for: the app mounts it from then on. */
export function useIsToastStackWanted(): boolean {
  return useSyncExternalStore(subscribe, () => isWanted);
}

/** Runs `show` once the toast stack's containers are in the page, asking for the stack if need be. */
export function whenToastStackReady(show: (toasts: ToastStore) => void): void {
  if (readyStore) {
    show(readyStore);
    return;
  }
  waiting.push(show);
  wantToastStack();
}

/**
 * Told by the toast stack: its containers are in the page and painted, and toasts go through
 * `toasts`; or (null) the stack is gone.
 */
export function setToastStackReady(toasts: ToastStore | null): void {
  readyStore = toasts;
  if (!toasts) return;
  for (const show of waiting.splice(0)) show(toasts);
}
