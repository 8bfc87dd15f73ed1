import type { AbilityArea, CallerAbility } from '@tasreeh/shared';
import { useCurrentUser } from './current-user.ts';

/**
 * Whether the signed-in user may do a thing in an area rather than to one row (add a product), as
 * the area's policy on the server answered at the last session check. A row's own actions come
 * with the row (`row.abilities`). For what a screen shows only: the API decides.
 */
export function useAbility<Area extends AbilityArea>(area: Area, action: CallerAbility<Area>): boolean {
  const abilities = useCurrentUser()?.abilities[area] as Record<string, boolean> | undefined;
  return abilities?.[action] === true;
}
