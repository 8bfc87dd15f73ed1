import { isMessageCode, type MessageCode, type StudentProfile } from '@tasreeh/shared';
import {
  attachmentIssue,
  datePartsOf,
  type FieldIssue,
  INITIAL_STUDENT_VALUES,
  STUDENT_PART_FIELDS,
  STUDENT_PARTS,
  type StudentValues,
  studentTextFields,
  validateStudentPart,
} from '../../registration/student-fields.ts';
import type { StudentBody } from '../api.ts';

/** The back office's student form: the Student fields and the corporate ('' for none). */
export interface StudentFormValues extends StudentValues {
  corporateId: string;
}

export type StudentFormField = keyof StudentFormValues;
export type StudentFormIssues = Partial<Record<StudentFormField, FieldIssue>>;

export const EMPTY_STUDENT_FORM: StudentFormValues = { ...INITIAL_STUDENT_VALUES, corporateId: '' };

/** Every field in the order the form shows them (the first with a problem gets the focus). */
export const FORM_FIELDS: readonly StudentFormField[] = [
  ...STUDENT_PARTS.flatMap((part) => STUDENT_PART_FIELDS[part]),
  'corporateId',
  'photo',
  'idCopy',
];

/** A stored student as the form's values (dates in the Gregorian calendar; no files chosen yet). */
export function valuesOfStudent(student: StudentProfile): StudentFormValues {
  return {
    fullNameAr: student.nameAr,
    fullNameEn: student.nameEn,
    dateOfBirth: datePartsOf(student.dateOfBirth),
    gender: student.gender ?? '',
    nationality: student.nationality ?? '',
    education: student.education ?? '',
    idType: student.idType ?? '',
    idNumber: student.idNumber ?? '',
    idExpiry: datePartsOf(student.idExpiry),
    idIssueSource: student.idIssueSource ?? '',
    passportNumber: student.passportNumber ?? '',
    computerNumber: student.computerNumber ?? '',
    classification: student.classification ?? '',
    occupation: student.occupation ?? '',
    occupationInIqama: student.occupationInIqama ?? '',
    email: student.email,
    mobile: student.phone ?? '',
    region: student.region ?? '',
    city: student.city ?? '',
    branchId: student.branch ? String(student.branch.id) : '',
    photo: null,
    idCopy: null,
    corporateId: student.corporate ? String(student.corporate.id) : '',
  };
}

/**
 * The body of `StudentInput`. The back office always names the corporate (none is `null`: an
 * edit that left it out would take the student out of their corporate); a corporate's own
 * form leaves it to the server, which places the student under the corporate itself.
 */
export function bodyOf(values: StudentFormValues, withCorporate: boolean): StudentBody {
  const body: StudentBody = studentTextFields(values);
  if (withCorporate) body.corporateId = values.corporateId ? Number(values.corporateId) : null;
  return body;
}

/** The shared rules of every part, and the chosen files' type and size (neither file is required here). */
export function validateStudentForm(values: StudentFormValues): StudentFormIssues {
  const issues: StudentFormIssues = {};
  for (const part of STUDENT_PARTS) Object.assign(issues, validateStudentPart(part, values));
  for (const kind of ['photo', 'idCopy'] as const) {
    const issue = values[kind] ? attachmentIssue(kind, values[kind]) : undefined;
    if (issue) issues[kind] = issue;
  }
  return issues;
}

function isFormField(name: string): name is StudentFormField {
  return (FORM_FIELDS as readonly string[]).includes(name);
}

/** A refusal's field errors (`{ fields: { name: code } }`) on the form's fields; `file` belongs to an attachment. */
export function issuesFromServer(
  fields: Record<string, MessageCode> | undefined,
  params?: Record<string, string | number>,
): StudentFormIssues {
  const issues: StudentFormIssues = {};
  for (const [name, code] of Object.entries(fields ?? {})) {
    if (isFormField(name) && isMessageCode(code)) issues[name] = { code, params };
  }
  return issues;
}

export function firstIssueOf(issues: StudentFormIssues): StudentFormField | undefined {
  return FORM_FIELDS.find((name) => issues[name]);
}
