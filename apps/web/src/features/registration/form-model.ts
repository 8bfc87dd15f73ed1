import { firstResetPasswordIssue, type MessageCode } from '@tasreeh/shared';
import {
  attachmentIssue,
  type FieldIssue,
  INITIAL_STUDENT_VALUES,
  STUDENT_PART_FIELDS,
  type StudentValues,
  studentTextFields,
  validateStudentPart,
} from './student-fields.ts';

// The date parts moved to student-fields.ts with the other Student fields; the staff form imports them from here.
export { type DateParts, gregorianOf } from './student-fields.ts';

/** Everything the registration form holds: the Student fields and the new account's password. */
export interface RegistrationValues extends StudentValues {
  password: string;
  rePassword: string;
}

export type FieldName = keyof RegistrationValues;
export type FieldIssues = Partial<Record<FieldName, FieldIssue>>;

export const INITIAL_VALUES: RegistrationValues = {
  ...INITIAL_STUDENT_VALUES,
  password: '',
  rePassword: '',
};

export const STEPS = ['personal', 'identity', 'contact', 'account', 'review'] as const;
export type StepKey = (typeof STEPS)[number];

/** The fields of each step, in the order they appear (the first with a problem gets the focus). */
export const STEP_FIELDS: Record<StepKey, readonly FieldName[]> = {
  ...STUDENT_PART_FIELDS,
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

/**
 * The text fields of `StudentRegistrationFields`, exactly: the Student fields as the API takes
 * them, the password twice and the grant of the verified phone.
 */
export function registrationFields(values: RegistrationValues, phoneToken: string): Record<string, string> {
  return {
    ...studentTextFields(values),
    password: values.password,
    rePassword: values.rePassword,
    phoneToken,
  };
}

/**
 * The problems of one step's fields: the Student fields by the shared rules, then the
 * attachment limits and the password strength.
 */
export function validateStep(step: StepKey, values: RegistrationValues): FieldIssues {
  if (step === 'personal' || step === 'identity' || step === 'contact') {
    return validateStudentPart(step, values);
  }
  const issues: FieldIssues = {};
  if (step === 'account') {
    const photo = attachmentIssue('photo', values.photo);
    if (photo) issues.photo = photo;
    const idCopy = attachmentIssue('idCopy', values.idCopy);
    if (idCopy) issues.idCopy = idCopy;
    const password = firstResetPasswordIssue(values.password, values.rePassword);
    if (password)
      issues[password === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password'] = { code: password };
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
