import { isValidSaudiId, normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { firstResetPasswordIssue, MAX_PASSWORD_LENGTH } from '../passwords.ts';
import { isCountryCode } from '../reference/countries.ts';
import { findRegion, isCityOfRegion } from '../reference/regions.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { EmailAddress, englishName, IdSchema, isoDate, NamedRef, nameText, requiredText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';
import { PhoneNumber } from './phone.ts';

export const ID_TYPES = ['national_id', 'iqama', 'visa', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const GENDERS = ['male', 'female'] as const;
export const EDUCATION_LEVELS = [
  'none',
  'primary',
  'intermediate',
  'secondary',
  'diploma',
  'bachelor',
  'postgraduate',
] as const;

const ARABIC_NAME = /^[\u0600-\u06FF\s'-]+$/u;

const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, { error: 'TOO_LONG' satisfies MessageCode })
    .optional()
    .transform((value) => value || undefined);

const choice = <T extends readonly [string, ...string[]]>(values: T, code: MessageCode) =>
  z.enum(values, { error: code });

/** Whole years between a birth date and today. */
export function ageOn(birthDate: string, today: Date): number {
  const birth = new Date(`${birthDate}T00:00:00Z`);
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const before =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (before) age--;
  return age;
}

export const MIN_STUDENT_AGE = 15;

/** The ID number rule of each ID type: a national ID or Iqama has its check digit; others are 5–20 letters or digits. */
export function idNumberIssue(idType: IdType, idNumber: string): MessageCode | undefined {
  if (idType === 'national_id')
    return /^1/.test(idNumber) && isValidSaudiId(idNumber) ? undefined : 'ID_NUMBER_INVALID';
  if (idType === 'iqama')
    return /^2/.test(idNumber) && isValidSaudiId(idNumber) ? undefined : 'ID_NUMBER_INVALID';
  return /^[A-Z0-9]{5,20}$/.test(idNumber) ? undefined : 'ID_NUMBER_INVALID';
}

/** The Student fields of spec §3, as a person or the back office enters them. */
const studentFields = {
  fullNameAr: nameText(120).regex(ARABIC_NAME, { error: 'ENTER_NAME_ARABIC' }),
  fullNameEn: englishName(120),
  email: EmailAddress,
  dateOfBirth: isoDate('ENTER_DATE'),
  nationality: z
    .string({ error: 'SELECT_NATIONALITY' })
    .refine(isCountryCode, { error: 'SELECT_NATIONALITY' }),
  gender: choice(GENDERS, 'SELECT_GENDER'),
  mobile: PhoneNumber,
  region: z
    .string({ error: 'SELECT_REGION' })
    .refine((code) => Boolean(findRegion(code)), { error: 'SELECT_REGION' }),
  city: z.string({ error: 'SELECT_CITY' }).min(1, { error: 'SELECT_CITY' }).max(60),
  branchId: z.union([IdSchema, z.string().length(0)], { error: 'SELECT_BRANCH' }),
  idType: choice(ID_TYPES, 'SELECT_ID_TYPE'),
  idNumber: z
    .string({ error: 'ID_NUMBER_INVALID' })
    .max(20, { error: 'ID_NUMBER_INVALID' })
    .transform((value) => normalizeDigits(value.trim()).toUpperCase()),
  idExpiry: isoDate('ENTER_DATE').optional(),
  idIssueSource: optionalText(),
  classification: optionalText(),
  occupation: optionalText(),
  occupationInIqama: optionalText(),
  passportNumber: optionalText(20),
  computerNumber: optionalText(20),
  education: choice(EDUCATION_LEVELS, 'INVALID_VALUE').optional(),
};

type StudentFields = z.infer<z.ZodObject<typeof studentFields>>;

/** The checks that tie fields together: city of the region, ID number of its type, age, ID expiry. */
function checkStudentFields(body: StudentFields, context: z.RefinementCtx) {
  const issue = (path: string, message: MessageCode) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (body.branchId === '') issue('branchId', 'SELECT_BRANCH');
  if (findRegion(body.region) && !isCityOfRegion(body.region, body.city)) issue('city', 'SELECT_CITY');
  const idProblem = idNumberIssue(body.idType, body.idNumber);
  if (idProblem) issue('idNumber', idProblem);
  const today = new Date();
  if (ageOn(body.dateOfBirth, today) < MIN_STUDENT_AGE) issue('dateOfBirth', 'DATE_OF_BIRTH_INVALID');
  if (body.idExpiry && body.idExpiry < today.toISOString().slice(0, 10)) issue('idExpiry', 'ID_EXPIRED');
}

/** A person registering themselves: the fields, a password, and the grant of their verified phone. */
export const StudentRegistrationFields = z
  .strictObject({
    ...studentFields,
    password: z.string({ error: 'ENTER_NEW_PASSWORD' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
    rePassword: z.string({ error: 'PASSWORDS_DO_NOT_MATCH' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
    /** The grant verify-otp returned for this mobile number. */
    phoneToken: z.string({ error: 'PHONE_NOT_VERIFIED' }).min(1, { error: 'PHONE_NOT_VERIFIED' }).max(200),
  })
  .superRefine((body, context) => {
    checkStudentFields(body, context);
    const passwordIssue = firstResetPasswordIssue(body.password, body.rePassword);
    if (passwordIssue) {
      const path = passwordIssue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password';
      context.addIssue({ code: 'custom', path: [path], message: passwordIssue });
    }
  });
export type StudentRegistrationFields = z.infer<typeof StudentRegistrationFields>;

/** The attachments of a registration: what each may be and how large. */
export const STUDENT_ATTACHMENTS = {
  photo: { required: true, maxMegabytes: 2, types: ['image/jpeg', 'image/png', 'image/webp'] },
  idCopy: { required: false, maxMegabytes: 5, types: ['image/jpeg', 'image/png', 'application/pdf'] },
} as const;
export type StudentAttachment = keyof typeof STUDENT_ATTACHMENTS;

export const StudentRegistrationResponse = z.object({
  userId: z.number(),
  studentId: z.number(),
  message: z.string(),
});

export const PublicBranch = z.object({
  id: z.number(),
  code: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
});
export type PublicBranch = z.infer<typeof PublicBranch>;
export const PublicBranchList = z.array(PublicBranch);

/** A student as the back office enters one (students/add-new, students/edit): no password, no phone check. */
export const StudentInput = z
  .strictObject({
    ...studentFields,
    corporateId: z
      .union([IdSchema, z.null()])
      .optional()
      .transform((value) => value ?? null),
  })
  .superRefine(checkStudentFields);
export type StudentInput = z.infer<typeof StudentInput>;

/** A row of the students list. */
export const StudentSummary = z.object({
  id: z.number(),
  userId: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  nationality: z.string().nullable(),
  branch: NamedRef.extend({ code: z.string() }).nullable(),
  corporate: NamedRef.nullable(),
  onHold: z.boolean(),
  /** A personal photo is on file (students/biometricdata). */
  hasPhoto: z.boolean(),
  /** A fingerprint is enrolled for exam check-in (students/biometricdata). */
  fingerprintEnrolled: z.boolean(),
  /** When the student was added, as an ISO timestamp. */
  createdAt: z.string(),
});
export type StudentSummary = z.infer<typeof StudentSummary>;

/** A student's profile: the summary, every §3 field, the hold reason and the attachments' file ids. */
export const StudentProfile = StudentSummary.extend({
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  idExpiry: z.string().nullable(),
  idIssueSource: z.string().nullable(),
  classification: z.string().nullable(),
  occupation: z.string().nullable(),
  occupationInIqama: z.string().nullable(),
  passportNumber: z.string().nullable(),
  computerNumber: z.string().nullable(),
  education: z.enum(EDUCATION_LEVELS).nullable(),
  holdReason: z.string().nullable(),
  photoFileId: z.string().nullable(),
  idCopyFileId: z.string().nullable(),
  /** Edit the form; put on hold or take off hold; transfer; remove from the corporate (its own student). */
  abilities: Abilities('edit', 'hold', 'transfer', 'remove'),
});
export type StudentProfile = z.infer<typeof StudentProfile>;

export const StudentListQuery = listQuery(['nameEn', 'nameAr', 'createdAt'] as const).extend({
  branchId: IdSchema.optional(),
  corporateId: IdSchema.optional(),
  onHold: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  hasPhoto: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  nationality: z.string().refine(isCountryCode, { error: 'SELECT_NATIONALITY' }).optional(),
  gender: choice(GENDERS, 'SELECT_GENDER').optional(),
});
export const StudentPage = listPage(StudentSummary);
export const StudentCountQuery = countQueryOf(StudentListQuery);

/** Hold or un-hold: the reason is required either way and kept in the audit log. */
export const HoldInput = z.strictObject({ reason: requiredText('ENTER_REASON', 500) });

/** Move a student to another branch and/or corporate (null corporate: an individual again). */
export const TransferInput = z
  .strictObject({
    branchId: IdSchema.optional(),
    corporateId: z.union([IdSchema, z.null()]).optional(),
    reason: requiredText('ENTER_REASON', 500),
  })
  .refine((body) => body.branchId !== undefined || body.corporateId !== undefined, {
    error: 'SELECT_TRANSFER_TARGET' satisfies MessageCode,
  });

/** Where the actor may place a student: the branches within reach (all for head office, their own otherwise). */
export const StudentBranchOptions = z.array(PublicBranch);

/** Corporates a student may be placed with, found by name or CR number (a short list for a picker). */
export const StudentCorporateOptionsQuery = z.strictObject({
  search: z.string().trim().max(100, { error: 'TOO_LONG' }).optional(),
});
export const StudentCorporateOptions = z.array(NamedRef.extend({ crNumber: z.string() }));
