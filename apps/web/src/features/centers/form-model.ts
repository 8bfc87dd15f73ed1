import {
  CENTER_ATTACHMENTS,
  type Center,
  type CenterAttachment,
  CenterCreateInput,
  CenterInput,
  type CenterKind,
  CenterRegistrationFields,
  firstResetPasswordIssue,
  isCityOfRegion,
  type MessageCode,
} from '@tasreeh/shared';
import type { z } from 'zod';
import { firstIssueCodes } from '../../components/form/schema-errors.ts';

/** Every text field of a centre as the forms hold it. */
export interface CenterValues {
  nameEn: string;
  nameAr: string;
  crNumber: string;
  crExpiry: string;
  licenceNumber: string;
  licenceExpiry: string;
  vatNumber: string;
  region: string;
  city: string;
  address: string;
  contactName: string;
  email: string;
  mobile: string;
}

/** What the public registration holds beyond the centre's fields. */
export interface RegistrationValues extends CenterValues {
  password: string;
  rePassword: string;
  crCopy: File | null;
  licenceCopy: File | null;
}

export type CenterField = keyof CenterValues;
export type RegistrationField = keyof RegistrationValues;
export type FieldIssue = { code: MessageCode; params?: Record<string, string | number> };
export type FieldIssues = Partial<Record<RegistrationField, FieldIssue>>;

export const EMPTY_CENTER: CenterValues = {
  nameEn: '',
  nameAr: '',
  crNumber: '',
  crExpiry: '',
  licenceNumber: '',
  licenceExpiry: '',
  vatNumber: '',
  region: '',
  city: '',
  address: '',
  contactName: '',
  email: '',
  mobile: '',
};

export const EMPTY_REGISTRATION: RegistrationValues = {
  ...EMPTY_CENTER,
  password: '',
  rePassword: '',
  crCopy: null,
  licenceCopy: null,
};

/** The centre itself: names, registration, licence, VAT number and place, in the order shown. */
const DETAIL_FIELDS = [
  'nameEn',
  'nameAr',
  'crNumber',
  'crExpiry',
  'licenceNumber',
  'licenceExpiry',
  'vatNumber',
  'region',
  'city',
  'address',
] as const satisfies readonly CenterField[];
const CONTACT_FIELDS = ['contactName', 'email', 'mobile'] as const satisfies readonly CenterField[];

/** The text fields of a centre, in the order the forms show them. */
export const CENTER_FIELDS: readonly CenterField[] = [...DETAIL_FIELDS, ...CONTACT_FIELDS];

/** The wizard's steps and the fields each one asks for. */
export const REGISTRATION_STEPS = ['details', 'contact', 'account', 'review'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];
export const STEP_FIELDS: Record<RegistrationStep, readonly RegistrationField[]> = {
  details: [...DETAIL_FIELDS, 'crCopy', 'licenceCopy'],
  contact: CONTACT_FIELDS,
  account: ['password', 'rePassword'],
  review: [],
};

/** A stored centre as the form's strings. */
export function valuesOf(center: Center | undefined): CenterValues {
  if (!center) return EMPTY_CENTER;
  const values = { ...EMPTY_CENTER };
  for (const field of CENTER_FIELDS) values[field] = center[field];
  return values;
}

/** The text fields of a form, trimmed, as the API takes them. */
export function bodyOf(values: CenterValues): Record<CenterField, string> {
  const body = { ...EMPTY_CENTER };
  for (const field of CENTER_FIELDS) body[field] = values[field].trim();
  return body;
}

/** Whether a name (from a server's field list) is one of the registration's fields. */
export function isRegistrationField(name: string): name is RegistrationField {
  return Object.hasOwn(EMPTY_REGISTRATION, name);
}

/** The first message of each field a shared schema refuses, as the forms hold them. */
function issuesOf(schema: z.ZodType, body: unknown): FieldIssues {
  const issues: FieldIssues = {};
  for (const [name, code] of Object.entries(firstIssueCodes(schema, body, EMPTY_REGISTRATION))) {
    if (code && isRegistrationField(name)) issues[name] = { code };
  }
  return issues;
}

/** The shared rules' first message per field of the back office's add (with a kind) or edit form. */
export function validateCenter(
  values: CenterValues,
  kind: CenterKind | undefined,
): Partial<Record<CenterField, MessageCode>> {
  const body = bodyOf(values);
  return kind
    ? firstIssueCodes(CenterCreateInput, { ...body, kind }, EMPTY_CENTER)
    : firstIssueCodes(CenterInput, body, EMPTY_CENTER);
}

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** A chosen copy's problem, checked before upload as the server will check it again. */
export function fileIssue(kind: CenterAttachment, file: File | null): FieldIssue | undefined {
  if (!file) return undefined;
  const rule = CENTER_ATTACHMENTS[kind];
  if (!(rule.types as readonly string[]).includes(file.type)) {
    return {
      code: 'FILE_TYPE_NOT_ALLOWED',
      params: { types: rule.types.map((type) => TYPE_NAMES[type] ?? type).join(', ') },
    };
  }
  if (file.size > rule.maxMegabytes * 1024 * 1024) {
    return { code: 'FILE_TOO_LARGE', params: { max: rule.maxMegabytes } };
  }
  return undefined;
}

/** The registration's text fields as the API takes them. */
export function registrationFields(values: RegistrationValues, kind: CenterKind, phoneToken: string) {
  return { ...bodyOf(values), kind, password: values.password, rePassword: values.rePassword, phoneToken };
}

/** Every problem of the registration, by the shared rules (the phone check is the server's). */
export function validateRegistration(values: RegistrationValues, kind: CenterKind): FieldIssues {
  const issues = issuesOf(CenterRegistrationFields, registrationFields(values, kind, 'pending'));
  // The shared schema checks the fields that depend on others only once every field is valid;
  // a wizard shows them at their own step, so they are checked here on their own too.
  if (values.region && values.city && !isCityOfRegion(values.region, values.city)) {
    issues.city ??= { code: 'SELECT_CITY' };
  }
  const passwordIssue = firstResetPasswordIssue(values.password, values.rePassword);
  if (passwordIssue && !issues.password && !issues.rePassword) {
    issues[passwordIssue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password'] = { code: passwordIssue };
  }
  for (const attachment of ['crCopy', 'licenceCopy'] as const) {
    const problem = fileIssue(attachment, values[attachment]);
    if (problem) issues[attachment] = problem;
  }
  return issues;
}

/** The problems of one step only. */
export function issuesOfStep(step: RegistrationStep, issues: FieldIssues): FieldIssues {
  const found: FieldIssues = {};
  for (const field of STEP_FIELDS[step]) if (issues[field]) found[field] = issues[field];
  return found;
}

/** The first step with a problem, for a refusal of the whole registration. */
export function firstStepWith(issues: FieldIssues): number | undefined {
  const index = REGISTRATION_STEPS.findIndex((step) => STEP_FIELDS[step].some((field) => issues[field]));
  return index === -1 ? undefined : index;
}
