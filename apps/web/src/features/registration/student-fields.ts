import {
  ageOn,
  type EDUCATION_LEVELS,
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
  StudentInput,
} from '@tasreeh/shared';

/**
 * The Student fields of spec §3 as a form holds them: shared by the self-registration and the
 * back office's and a corporate's student forms (same fields, same rules, same messages).
 */

export type Calendar = 'gregorian' | 'hijri';

/** A date as the person types it: day, month and year in the calendar they chose. */
export interface DateParts {
  calendar: Calendar;
  day: string;
  month: string;
  year: string;
}

/** The Student fields as typed (strings, '' for nothing chosen yet), with the two attachments. */
export interface StudentValues {
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
}

export type StudentFieldName = keyof StudentValues;

/** A problem with one field: the code of its message and the message's parameters. */
export interface FieldIssue {
  code: MessageCode;
  params?: Record<string, string | number>;
}
export type StudentFieldIssues = Partial<Record<StudentFieldName, FieldIssue>>;

export const emptyDate = (calendar: Calendar = 'gregorian'): DateParts => ({
  calendar,
  day: '',
  month: '',
  year: '',
});

export const INITIAL_STUDENT_VALUES: StudentValues = {
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
};

/** The groups of Student fields (a registration step each; sections of the back office's form). */
export const STUDENT_PARTS = ['personal', 'identity', 'contact'] as const;
export type StudentPart = (typeof STUDENT_PARTS)[number];

/** The fields of each part, in the order they appear (the first with a problem gets the focus). */
export const STUDENT_PART_FIELDS: Record<StudentPart, readonly StudentFieldName[]> = {
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
};

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

/** A stored `YYYY-MM-DD` as Gregorian parts for a form ('' parts when there is none). */
export function datePartsOf(iso: string | null): DateParts {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return emptyDate();
  const [, year = '', month = '', day = ''] = match;
  return { calendar: 'gregorian', day: String(Number(day)), month: String(Number(month)), year };
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
] as const satisfies readonly StudentFieldName[];

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
 * The Student fields as the API takes them: dates as Gregorian `YYYY-MM-DD`, ASCII digits,
 * empty optional fields left out (the API refuses unknown fields and empty optional dates).
 */
export function studentTextFields(values: StudentValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of TEXT_FIELDS) fields[name] = values[name];
  fields.idNumber = normalizeDigits(values.idNumber.trim()).toUpperCase();
  fields.mobile = normalizeDigits(values.mobile.trim());
  fields.dateOfBirth = gregorianOf(values.dateOfBirth) ?? '';
  fields.idExpiry = gregorianOf(values.idExpiry) ?? '';
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

/** A Saudi mobile (05XXXXXXXX, any digits, or +9665…): codes and passwords go to it by SMS. */
export function mobileIssue(mobile: string): MessageCode | undefined {
  const phone = normalizePhone(mobile);
  return phone && /^\+9665\d{8}$/.test(phone) ? undefined : 'PHONE_INVALID';
}

/** The live check of an ID number while it is typed: nothing to say until the type is chosen. */
export function liveIdNumberIssue(
  values: Pick<StudentValues, 'idType' | 'idNumber'>,
): MessageCode | undefined {
  if (!values.idType) return undefined;
  return idNumberIssue(values.idType, normalizeDigits(values.idNumber.trim()).toUpperCase());
}

const shape = StudentInput.shape;
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
 * The problems of one part's fields, by the shared Student rules (each field's rule, then
 * the rules across fields: ID number by type, city of region, minimum age, ID expiry).
 */
export function validateStudentPart(part: StudentPart, values: StudentValues): StudentFieldIssues {
  const issues: StudentFieldIssues = {};
  const fields = studentTextFields(values);
  const check = (name: StudentFieldName & ShapeField) => {
    const issue = fieldRuleIssue(name, fields[name]);
    if (issue) issues[name] = issue;
  };
  switch (part) {
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
  }
  return issues;
}
