import { centerKindOf, type MessageCode, type UserType } from '@tasreeh/shared';

/**
 * Why a login with the right password is still refused: a centre's registration that is
 * awaiting approval or was turned down says so; any other account is simply inactive.
 */
export function refusedLoginCode(user: { type: UserType; status: string }): MessageCode {
  if (centerKindOf(user.type)) {
    if (user.status === 'pending') return 'REGISTRATION_PENDING';
    if (user.status === 'inactive') return 'REGISTRATION_REJECTED';
  }
  return 'ACCOUNT_INACTIVE';
}
