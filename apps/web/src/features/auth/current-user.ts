import type { CallerAbilities, Privilege, UserType } from '@tasreeh/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the last token check described them. */
export interface CurrentUser {
  userId: number;
  name: string;
  type: UserType;
  privileges: Privilege[];
  /** What the server's policies let them do in each area (add a product…): buttons follow it. */
  abilities: CallerAbilities;
  changePassword: boolean;
}

let current: CurrentUser | null = null;
const listeners = new Set<() => void>();

export function setCurrentUser(user: CurrentUser | null): void {
  current = user;
  for (const listener of listeners) listener();
}

export function getCurrentUser(): CurrentUser | null {
  return current;
}

/** Marks the forced first-login password change as done. */
export function markPasswordChanged(): void {
  if (current) setCurrentUser({ ...current, changePassword: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(subscribe, getCurrentUser, () => null);
}
