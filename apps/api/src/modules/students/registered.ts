import { AppError } from '../../lib/app-error.ts';

/** What identifies a login, each guarded by a unique index: no two accounts share one. */
export type LoginKey = 'email' | 'phone' | 'idNumber' | 'crNumber';

const KEY_OF_INDEX: Record<string, LoginKey> = {
  users_email_key: 'email',
  users_phone_key: 'phone',
  users_id_number_key: 'idNumber',
  corporates_cr_number_unique: 'crNumber',
};

/** "Records already registered with this information.", on the form's field when it is known. */
export function alreadyRegistered(field?: string) {
  return new AppError('RECORDS_ALREADY_REGISTERED', {
    status: 409,
    fields: field ? { [field]: 'RECORDS_ALREADY_REGISTERED' } : undefined,
  });
}

/**
 * The duplicate answer of a command that writes a login: the unique index that refused (a
 * parallel request took the value first) names the form field to point at.
 */
export function loginDuplicate(fieldOf: Partial<Record<LoginKey, string>>) {
  return (constraint: string | undefined) => {
    const key = constraint === undefined ? undefined : KEY_OF_INDEX[constraint];
    return alreadyRegistered(key && fieldOf[key]);
  };
}

/**
 * Refuses an edit that would change the login e-mail or phone (the fields named true): those
 * change only with the code sent to the new contact (contact-change/), never by a form save.
 */
export function refuseContactEdit(changed: Record<string, boolean>) {
  const fields = Object.fromEntries(
    Object.entries(changed)
      .filter(([, isChanged]) => isChanged)
      .map(([field]) => [field, 'CONTACT_CHANGE_NEEDS_CODE' as const]),
  );
  if (Object.keys(fields).length > 0) {
    throw new AppError('CONTACT_CHANGE_NEEDS_CODE', { status: 400, fields });
  }
}
