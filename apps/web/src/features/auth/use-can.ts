import { type PermissionCode, passesPermissionList } from '@tasreeh/shared';
import { useCurrentUser } from './current-user.ts';
import { readStoredPrivileges } from './session.ts';

/** Whether the signed-in user holds a permission: for what a screen shows only; the API decides. */
export function useCan(code: PermissionCode): boolean {
  const user = useCurrentUser();
  return passesPermissionList(user?.privileges ?? readStoredPrivileges(), [code]);
}
