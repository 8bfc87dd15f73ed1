import {
  ageOn,
  type EDUCATION_LEVELS,
  firstResetPasswordIssue,
  type GENDERS,
  hijriToGregorian,
  type ID_TYPES,
  idNumberIssue,
  isCityOfRegion,
  isMessageCode,
  type MessageCode,
  MIN_STUDENT_AGE,
  normalizeDigits,
  normalizePhone,
  STUDENT_ATTACHMENTS,
  type StudentAttachment,
  StudentRegistrationFields,
} from '@tasreeh/shared';

export type Calendar = 'gregorian' | 'hijri';

/** A date as the person types it: day, month and year in the calendar they chose. */
export interface DateParts {
  calendar: Calendar;
  day: string;
  month: string;
  year: string;
}

/** Everything the registration form holds, as typed (strings, '' for nothing chosen yet). */
export interface RegistrationValues {
  fullNameAr: string;
  fullNameEn: string;
  dateOfBirth: DateParts;
  gender: (typeof GENDERS)[number] | '';
  nationality: string;
  education: (typeof EDUCATION_LEVELS)[number] | '';
  idType: (typeof ID_TYPES)[number] | '';
  idNumber: string;
  idExpiry: DateParts;
  idIssueSource: string;
  passportNumber: string;
  computerNumber: string;
  classification: string;
  occupation: string;
  occupationInIqama: string;
  email: string;
  mobile: string;
  region: string;
  city: string;
  branchId: string;
  photo: File | null;
  idCopy: File | null;
  password: string;
  rePassword: string;
}

export type FieldName = keyof RegistrationValues;

/** A problem with one field: the code of its message and the message's parameters. */
export interface FieldIssue {
  code: MessageCode;
  params?: Record<string, string | number>;
}
export type FieldIssues = Partial<Record<FieldName, FieldIssue>>;

const emptyDate = (calendar: Calendar = 'gregorian'): DateParts => ({
  calendar,
  day: '',
  month: '',
  year: '',
});

export const INITIAL_VALUES: RegistrationValues = {
  fullNameAr: '',
  fullNameEn: '',
  dateOfBirth: emptyDate(),
  gender: '',
  nationality: '',
  education: '',
  idType: '',
  idNumber: '',
  idExpiry: emptyDate(),
  idIssueSource: '',
  passportNumber: '',
  computerNumber: '',
  classification: '',
  occupation: '',
  occupationInIqama: '',
  email: '',
  mobile: '',
  region: '',
  city: '',
  branchId: '',
  photo: null,
  idCopy: null,
  password: '',
  rePassword: '',
};

export const STEPS = ['personal', 'identity', 'contact', 'account', 'review'] as const;
export type StepKey = (typeof STEPS)[number];

/** The fields of each step, in the order they appear (the first with a problem gets the focus). */
export const STEP_FIELDS: Record<StepKey, readonly FieldName[]> = {
  personal: ['fullNameAr', 'fullNameEn', 'dateOfBirth', 'gender', 'nationality', 'education'],
  identity: [
    'idType',
    'idNumber',
    'idExpiry',
    'idIssueSource',
    'passportNumber',
    'computerNumber',
    'classification',
    'occupation',
    'occupationInIqama',
  ],
  contact: ['mobile', 'email', 'region', 'city', 'branchId'],
  account: ['photo', 'idCopy', 'password', 'rePassword'],
  review: [],
};

/** The step that holds a field the server named (its own name for the mobile is `mobile` too). */
export function stepOfField(field: string): number | undefined {
  const index = STEPS.findIndex((step) => (STEP_FIELDS[step] as readonly string[]).includes(field));
  return index === -1 ? undefined : index;
}

function isFieldName(name: string): name is FieldName {
  return Object.hasOwn(INITIAL_VALUES, name);
}

/**
 * The field errors of a refused registration (`{ fields: { name: code } }`), put back on the
 * fields (the phone proof belongs to the mobile), and the first step holding one of them.
 */
export function issuesFromServer(error: {
  code?: MessageCode;
  params?: Record<string, string | number>;
  fields?: Record<string, MessageCode>;
}): { issues: FieldIssues; firstStep: number | undefined } {
  const issues: FieldIssues = {};
  let firstStep: number | undefined;
  for (const [field, code] of Object.entries(error.fields ?? {})) {
    const name = field === 'phoneToken' ? 'mobile' : field;
    const step = stepOfField(name);
    if (!isFieldName(name) || step === undefined) continue;
    issues[name] = { code, params: code === error.code ? error.params : undefined };
    firstStep = firstStep === undefined ? step : Math.min(firstStep, step);
  }
  return { issues, firstStep };
}

/** A date's Gregorian `YYYY-MM-DD`, '' when nothing is typed, undefined when it is not a real date. */
export function gregorianOf(date: DateParts): string | undefined {
  const day = Number(normalizeDigits(date.day));
  const month = Number(normalizeDigits(date.month));
  const yearText = normalizeDigits(date.year.trim());
  if (!date.day && !date.month && !yearText) return '';
  if (!/^\d{4}$/.test(yearText) || !day || !month) return undefined;
  const year = Number(yearText);
  if (date.calendar === 'hijri') return hijriToGregorian(year, month, day);
  const ms = Date.UTC(year, month - 1, day);
  const iso = new Date(ms).toISOString().slice(0, 10);
  return new Date(`${iso}T00:00:00Z`).getUTCDate() === day && iso.startsWith(yearText) ? iso : undefined;
}

/** The text fields sent as they are typed; optional ones are left out when empty. */
const TEXT_FIELDS = [
  'fullNameAr',
  'fullNameEn',
  'gender',
  'nationality',
  'education',
  'idType',
  'idNumber',
  'idIssueSource',
  'passportNumber',
  'computerNumber',
  'classification',
  'occupation',
  'occupationInIqama',
  'email',
  'mobile',
  'region',
  'city',
  'branchId',
  'password',
  'rePassword',
] as const satisfies readonly FieldName[];

const OPTIONAL_FIELDS = new Set<string>([
  'education',
  'idExpiry',
  'idIssueSource',
  'passportNumber',
  'computerNumber',
  'classification',
  'occupation',
  'occupationInIqama',
]);

/**
 * The text fields of `StudentRegistrationFields`, exactly: dates as Gregorian `YYYY-MM-DD`,
 * empty optional fields left out (the API refuses unknown fields and empty optional dates).
 */
export function registrationFields(values: RegistrationValues, phoneToken: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of TEXT_FIELDS) fields[name] = values[name];
  fields.idNumber = normalizeDigits(values.idNumber.trim()).toUpperCase();
  fields.mobile = normalizeDigits(values.mobile.trim());
  fields.dateOfBirth = gregorianOf(values.dateOfBirth) ?? '';
  fields.idExpiry = gregorianOf(values.idExpiry) ?? '';
  fields.phoneToken = phoneToken;
  for (const name of Object.keys(fields)) {
    if (OPTIONAL_FIELDS.has(name) && !fields[name]?.trim()) delete fields[name];
  }
  return fields;
}

const MEGABYTE = 1024 * 1024;

/** The name of a MIME type as people know it: JPEG, PNG, WEBP, PDF. */
export function typeName(mimeType: string): string {
  return (mimeType.split('/')[1] ?? mimeType).toUpperCase();
}

/** Checks a chosen file against the attachment's rule before anything is sent (same limits as the API). */
export function attachmentIssue(kind: StudentAttachment, file: File | null): FieldIssue | undefined {
  const rule = STUDENT_ATTACHMENTS[kind];
  if (!file) return rule.required ? { code: 'PHOTO_REQUIRED' } : undefined;
  if (!(rule.types as readonly string[]).includes(file.type)) {
    return { code: 'FILE_TYPE_NOT_ALLOWED', params: { types: rule.types.map(typeName).join(', ') } };
  }
  if (file.size > rule.maxMegabytes * MEGABYTE) {
    return { code: 'FILE_TOO_LARGE', params: { max: rule.maxMegabytes } };
  }
  return undefined;
}

/** A Saudi mobile (05XXXXXXXX, any digits, or +9665…): the verification code goes to it by SMS. */
export function mobileIssue(mobile: string): MessageCode | undefined {
  const phone = normalizePhone(mobile);
  return phone && /^\+9665\d{8}$/.test(phone) ? undefined : 'PHONE_INVALID';
}

/** The live check of an ID number while it is typed: nothing to say until the type is chosen. */
export function liveIdNumberIssue(values: RegistrationValues): MessageCode | undefined {
  if (!values.idType) return undefined;
  return idNumberIssue(values.idType, normalizeDigits(values.idNumber.trim()).toUpperCase());
}

const shape = StudentRegistrationFields.shape;
type ShapeField = keyof typeof shape;

function codeOf(message: string | undefined): MessageCode {
  return isMessageCode(message) ? message : 'INVALID_VALUE';
}

/** One field by its own shared rule (the schema's field), undefined when it passes. */
function fieldRuleIssue(name: ShapeField, value: string | undefined): FieldIssue | undefined {
  const result = shape[name].safeParse(value);
  return result.success ? undefined : { code: codeOf(result.error.issues[0]?.message) };
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The problems of one step's fields, by the shared rules of `StudentRegistrationFields`
 * (each field's rule, then the rules across fields: ID number by type, city of region,
 * minimum age, ID expiry, password strength) and the attachment limits.
 */
export function validateStep(step: StepKey, values: RegistrationValues): FieldIssues {
  const issues: FieldIssues = {};
  const fields = registrationFields(values, 'pending');
  const check = (name: FieldName & ShapeField) => {
    const issue = fieldRuleIssue(name, fields[name]);
    if (issue) issues[name] = issue;
  };
  switch (step) {
    case 'personal': {
      check('fullNameAr');
      check('fullNameEn');
      const birth = gregorianOf(values.dateOfBirth);
      if (birth === '') issues.dateOfBirth = { code: 'ENTER_DATE' };
      else if (birth === undefined || birth > todayIso() || ageOn(birth, new Date()) < MIN_STUDENT_AGE)
        issues.dateOfBirth = { code: 'DATE_OF_BIRTH_INVALID' };
      check('gender');
      check('nationality');
      check('education');
      break;
    }
    case 'identity': {
      check('idType');
      const idProblem = liveIdNumberIssue(values);
      if (values.idType && idProblem) issues.idNumber = { code: idProblem };
      const expiry = gregorianOf(values.idExpiry);
      if (expiry === undefined) issues.idExpiry = { code: 'ENTER_DATE' };
      else if (expiry && expiry < todayIso()) issues.idExpiry = { code: 'ID_EXPIRED' };
      for (const name of [
        'idIssueSource',
        'passportNumber',
        'computerNumber',
        'classification',
        'occupation',
        'occupationInIqama',
      ] as const)
        check(name);
      break;
    }
    case 'contact': {
      const phone = mobileIssue(values.mobile);
      if (phone) issues.mobile = { code: phone };
      check('email');
      check('region');
      if (!values.city || (values.region && !isCityOfRegion(values.region, values.city)))
        issues.city = { code: 'SELECT_CITY' };
      check('branchId');
      if (!values.branchId) issues.branchId = { code: 'SELECT_BRANCH' };
      break;
    }
    case 'account': {
      const photo = attachmentIssue('photo', values.photo);
      if (photo) issues.photo = photo;
      const idCopy = attachmentIssue('idCopy', values.idCopy);
      if (idCopy) issues.idCopy = idCopy;
      const password = firstResetPasswordIssue(values.password, values.rePassword);
      if (password)
        issues[password === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password'] = { code: password };
      break;
    }
    case 'review':
      break;
  }
  return issues;
}

/** Every step's problems at once, and the first step that has one (for the final check before sending). */
export function validateAll(values: RegistrationValues): {
  issues: FieldIssues;
  firstStep: number | undefined;
} {
  let issues: FieldIssues = {};
  let firstStep: number | undefined;
  STEPS.forEach((step, index) => {
    const found = validateStep(step, values);
    if (Object.keys(found).length > 0 && firstStep === undefined) firstStep = index;
    issues = { ...issues, ...found };
  });
  return { issues, firstStep };
}
