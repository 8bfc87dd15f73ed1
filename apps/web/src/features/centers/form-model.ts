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
  isMessageCode,
  type MessageCode,
} from '@tasreeh/shared';

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

/** The wizard's steps and the fields each one asks for. */
export const REGISTRATION_STEPS = ['details', 'contact', 'account', 'review'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];
export const STEP_FIELDS: Record<RegistrationStep, readonly RegistrationField[]> = {
  details: [
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
    'crCopy',
    'licenceCopy',
  ],
  contact: ['contactName', 'email', 'mobile'],
  account: ['password', 'rePassword'],
  review: [],
};

/** The text fields of a centre, in the order the forms show them. */
export const CENTER_FIELDS: readonly CenterField[] = [
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
  'contactName',
  'email',
  'mobile',
];

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

function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const issues: FieldIssues = {};
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0] ?? '');
    if (!isRegistrationField(name) || issues[name]) continue;
    issues[name] = { code: isMessageCode(issue.message) ? issue.message : 'INVALID_VALUE' };
  }
  return issues;
}

/** The shared rules' first message per field of the back office's add (with a kind) or edit form. */
export function validateCenter(values: CenterValues, kind: CenterKind | undefined): FieldIssues {
  const body = bodyOf(values);
  return issuesOf(kind ? CenterCreateInput.safeParse({ ...body, kind }) : CenterInput.safeParse(body));
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
  const issues = issuesOf(CenterRegistrationFields.safeParse(registrationFields(values, kind, 'pending')));
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
