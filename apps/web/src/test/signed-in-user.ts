import { type AbilityArea, CALLER_ABILITIES, type CallerAbilities } from '@tasreeh/shared';
import type { CurrentUser } from '../features/auth/current-user.ts';

type AbilityGrants = { [Area in AbilityArea]?: Partial<CallerAbilities[Area]> };

/** Caller abilities as the server would send them: none granted but those named. */
export function callerAbilities(grants: AbilityGrants = {}): CallerAbilities {
  const abilities: Record<string, Record<string, boolean>> = {};
  for (const [area, actions] of Object.entries(CALLER_ABILITIES)) {
    const granted: Record<string, boolean | undefined> = grants[area as AbilityArea] ?? {};
    abilities[area] = Object.fromEntries(actions.map((action) => [action, granted[action] === true]));
  }
  return abilities as CallerAbilities;
}

/** A signed-in user for a screen's test, with the caller abilities named (none by default). */
export function signedInUser(
  user: Omit<CurrentUser, 'abilities' | 'changePassword'> & { changePassword?: boolean },
  grants?: AbilityGrants,
): CurrentUser {
  return { changePassword: false, ...user, abilities: callerAbilities(grants) };
}
