import {
  gregorianToHijri,
  type MessageCode,
  NewStaffUserInput,
  needsPermissionGroup,
  STAFF_TYPES,
  type StaffUser,
  type StaffUserFormOptions,
  StaffUserInput,
} from '@tasreeh/shared';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import { type DateParts, datePartsOf, emptyDate, gregorianOf } from '../../registration/student-fields.ts';
import type { UserBody } from '../api.ts';

/** Everything the staff form holds, as typed ('' for nothing chosen). */
export interface UserFormValues {
  nameEn: string;
  nameAr: string;
  email: string;
  username: string;
  phone: string;
  type: string;
  employeeType: string;
  permissionGroupId: string;
  /** '' is head office (no branch). */
  branchId: string;
  dateOfBirth: DateParts;
  idType: string;
  idNumber: string;
  idExpiry: DateParts;
  status: string;
  password: string;
  rePassword: string;
}

export type UserField = keyof UserFormValues;
export type UserFormErrors = Partial<Record<UserField, MessageCode>>;

/** A stored Hijri `YYYY-MM-DD` as Hijri parts ('' parts when there is none). */
function hijriPartsOf(hijri: string | null): DateParts {
  return hijri ? { ...datePartsOf(hijri), calendar: 'hijri' } : emptyDate('hijri');
}

/** The form's starting values: a stored account, or a new one placed in the only branch the caller may use. */
export function valuesOf(user: StaffUser | undefined, options: StaffUserFormOptions): UserFormValues {
  const onlyBranch = !options.headOffice && options.branches.length === 1 ? options.branches[0] : undefined;
  return {
    nameEn: user?.nameEn ?? '',
    nameAr: user?.nameAr ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    phone: user?.phone ?? '',
    type: user?.type ?? '',
    employeeType: user?.employeeType ?? '',
    permissionGroupId: user?.permissionGroup ? String(user.permissionGroup.id) : '',
    branchId: user ? String(user.branch?.id ?? '') : String(onlyBranch?.id ?? ''),
    dateOfBirth: datePartsOf(user?.dateOfBirth ?? null),
    idType: user?.idType ?? '',
    idNumber: user?.idNumber ?? '',
    idExpiry: hijriPartsOf(user?.idExpiryHijri ?? null),
    // An edit keeps the account's status: deactivating has its own button.
    status: user?.status === 'inactive' ? 'inactive' : 'active',
    password: '',
    rePassword: '',
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The Hijri `YYYY-MM-DD` of a typed date, whichever calendar it was typed in: '' when nothing
 * is typed, undefined when it is incomplete or no such day exists.
 */
export function hijriOf(parts: DateParts): string | undefined {
  const iso = gregorianOf(parts);
  if (iso === '' || iso === undefined) return iso;
  const hijri = gregorianToHijri(iso);
  return hijri && `${hijri.year}-${pad(hijri.month)}-${pad(hijri.day)}`;
}

const OPTIONAL_TEXT = ['employeeType', 'idType', 'idNumber'] as const;
const REQUIRED_TEXT = ['nameEn', 'nameAr', 'email', 'username', 'phone', 'type', 'status'] as const;

/** The body the API takes: text trimmed, blanks of optional fields left out, ids as numbers or null. */
export function bodyOf(values: UserFormValues, isNew: boolean): UserBody {
  const body: UserBody = {};
  for (const name of REQUIRED_TEXT) body[name] = values[name].trim();
  for (const name of OPTIONAL_TEXT) if (values[name].trim()) body[name] = values[name].trim();
  body.permissionGroupId = values.permissionGroupId ? Number(values.permissionGroupId) : null;
  body.branchId = values.branchId ? Number(values.branchId) : null;
  const dateOfBirth = gregorianOf(values.dateOfBirth);
  if (dateOfBirth) body.dateOfBirth = dateOfBirth;
  const idExpiry = hijriOf(values.idExpiry);
  if (idExpiry) body.idExpiryHijri = idExpiry;
  if (isNew) {
    body.password = values.password;
    body.rePassword = values.rePassword;
  }
  return body;
}

/** Every field of the form, to tell them from the API's other field names. */
const FORM_FIELDS: Record<UserField, true> = {
  nameEn: true,
  nameAr: true,
  email: true,
  username: true,
  phone: true,
  type: true,
  employeeType: true,
  permissionGroupId: true,
  branchId: true,
  dateOfBirth: true,
  idType: true,
  idNumber: true,
  idExpiry: true,
  status: true,
  password: true,
  rePassword: true,
};

/** The API's field names that the form calls otherwise. */
const FIELD_OF: Record<string, UserField> = { idExpiryHijri: 'idExpiry' };

/** The form field an API or schema field belongs to, if the form has it. */
export function formFieldOf(name: string): UserField | undefined {
  const field = FIELD_OF[name] ?? name;
  return isFormField(field) ? field : undefined;
}

function isFormField(name: string): name is UserField {
  return Object.hasOwn(FORM_FIELDS, name);
}

function isStaffType(type: string): type is (typeof STAFF_TYPES)[number] {
  return (STAFF_TYPES as readonly string[]).includes(type);
}

/** The shared rules' first message per field (the same the API answers with), in form field names. */
export function validateUser(values: UserFormValues, isNew: boolean): UserFormErrors {
  const schema = isNew ? NewStaffUserInput : StaffUserInput;
  const errors: UserFormErrors = firstIssueCodes(schema, bodyOf(values, isNew), values, formFieldOf);
  // A date typed only in part, or a day that does not exist, is refused before the schema sees it.
  if (gregorianOf(values.dateOfBirth) === undefined) errors.dateOfBirth = 'ENTER_DATE';
  if (hijriOf(values.idExpiry) === undefined) errors.idExpiry = 'ENTER_DATE';
  if (!values.permissionGroupId && isStaffType(values.type) && needsPermissionGroup(values.type)) {
    errors.permissionGroupId ??= 'SELECT_PERMISSION_GROUP';
  }
  return errors;
}
