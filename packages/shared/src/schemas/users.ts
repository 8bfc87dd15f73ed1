import { hijriToGregorian } from '../hijri.ts';
import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { firstResetPasswordIssue, MAX_PASSWORD_LENGTH } from '../passwords.ts';
import { BACK_OFFICE_TYPES } from '../user-types.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { arabicName, EmailAddress, englishName, IdSchema, isoDate, NamedRef } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';
import { PhoneNumber } from './phone.ts';
import { ID_TYPES, idNumberIssue } from './students.ts';

/** The types of staff accounts the back office creates: back-office types, instructors and examiners. */
export const STAFF_TYPES = [...BACK_OFFICE_TYPES, 'Instructor', 'Examiner'] as const;
export type StaffType = (typeof STAFF_TYPES)[number];
/**
 * Whether an account of this type needs a permission group: super admin holds every right,
 * instructors and examiners work in areas of their own.
 */
export function needsPermissionGroup(type: StaffType): boolean {
  return type !== 'super admin' && type !== 'Instructor' && type !== 'Examiner';
}
export const EMPLOYEE_TYPES = ['full_time', 'part_time', 'contractor'] as const;
export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;

const USERNAME = /^[a-z][a-z0-9._-]{2,29}$/;

/** A Hijri date typed as `YYYY-MM-DD` in the Umm al-Qura calendar, checked to exist. */
const hijriDate = z
  .string({ error: 'ENTER_DATE' satisfies MessageCode })
  .transform((value) => normalizeDigits(value.trim()))
  .refine(
    (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      return Boolean(match && hijriToGregorian(Number(match[1]), Number(match[2]), Number(match[3])));
    },
    { error: 'ENTER_DATE' satisfies MessageCode },
  );

const optionalId = z
  .union([IdSchema, z.null()])
  .optional()
  .transform((value) => value ?? null);

/** A staff account as the back office enters it (spec §3 User). */
export const StaffUserInput = z
  .strictObject({
    nameEn: englishName(120),
    nameAr: arabicName(120),
    email: EmailAddress,
    username: z
      .string({ error: 'USERNAME_INVALID' })
      .trim()
      .toLowerCase()
      .regex(USERNAME, { error: 'USERNAME_INVALID' }),
    phone: PhoneNumber,
    type: z.enum(STAFF_TYPES, { error: 'SELECT_USER_TYPE' }),
    employeeType: z
      .enum(EMPLOYEE_TYPES, { error: 'INVALID_VALUE' })
      .optional()
      .transform((value) => value ?? null),
    permissionGroupId: optionalId,
    /** Null: head office, sees every branch. */
    branchId: optionalId,
    dateOfBirth: isoDate('ENTER_DATE')
      .optional()
      .transform((value) => value ?? null),
    idType: z
      .enum(ID_TYPES, { error: 'SELECT_ID_TYPE' })
      .optional()
      .transform((value) => value ?? null),
    idNumber: z
      .string()
      .max(20, { error: 'ID_NUMBER_INVALID' })
      .transform((value) => normalizeDigits(value.trim()).toUpperCase() || null)
      .optional()
      .transform((value) => value ?? null),
    idExpiryHijri: hijriDate.optional().transform((value) => value ?? null),
    status: z.enum(ACCOUNT_STATUSES).default('active'),
  })
  .superRefine((body, context) => {
    if (body.idNumber && !body.idType) {
      context.addIssue({ code: 'custom', path: ['idType'], message: 'SELECT_ID_TYPE' satisfies MessageCode });
    }
    const idProblem = body.idType && body.idNumber ? idNumberIssue(body.idType, body.idNumber) : undefined;
    if (idProblem) context.addIssue({ code: 'custom', path: ['idNumber'], message: idProblem });
  });
export type StaffUserInput = z.infer<typeof StaffUserInput>;

/** A new staff account also gets its first password (the reset-flow rules). */
export const NewStaffUserInput = StaffUserInput.safeExtend({
  password: z.string({ error: 'ENTER_NEW_PASSWORD' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
  rePassword: z.string({ error: 'PASSWORDS_DO_NOT_MATCH' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
}).superRefine((body, context) => {
  const issue = firstResetPasswordIssue(body.password, body.rePassword);
  if (issue) {
    context.addIssue({
      code: 'custom',
      path: [issue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password'],
      message: issue,
    });
  }
});
export type NewStaffUserInput = z.infer<typeof NewStaffUserInput>;

export const StaffUser = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  type: z.enum(STAFF_TYPES),
  employeeType: z.enum(EMPLOYEE_TYPES).nullable(),
  permissionGroup: NamedRef.nullable(),
  branch: NamedRef.extend({ code: z.string() }).nullable(),
  dateOfBirth: z.string().nullable(),
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: z.string().nullable(),
  idExpiryHijri: z.string().nullable(),
  status: z.enum(['active', 'inactive', 'pending']),
  createdAt: z.date(),
  abilities: Abilities('update', 'setStatus'),
});
export type StaffUser = z.infer<typeof StaffUser>;

export const StaffUserListQuery = listQuery(['nameEn', 'nameAr', 'username', 'createdAt'] as const).extend({
  type: z.enum(STAFF_TYPES).optional(),
  branchId: IdSchema.optional(),
  permissionGroupId: IdSchema.optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});
export const StaffUserPage = listPage(StaffUser);
export const StaffUserCountQuery = countQueryOf(StaffUserListQuery);

/** Deactivating (or reactivating) an account, without resending the rest of it. */
export const StaffStatusInput = z.strictObject({
  status: z.enum(ACCOUNT_STATUSES, { error: 'INVALID_VALUE' }),
});
export type StaffStatusInput = z.infer<typeof StaffStatusInput>;

/**
 * What the staff form and the list filters may offer the caller: the types they may give
 * (super admin only to a super admin), the branches they may place accounts in, whether
 * they may choose head office (no branch), and the permission groups they may give.
 */
export const StaffUserFormOptions = z.object({
  types: z.array(z.enum(STAFF_TYPES)),
  branches: z.array(NamedRef.extend({ code: z.string() })),
  headOffice: z.boolean(),
  /** `branchId` null: a head-office group, for any account; otherwise only for that branch's accounts. */
  permissionGroups: z.array(NamedRef.extend({ branchId: z.number().nullable() })),
});
export type StaffUserFormOptions = z.infer<typeof StaffUserFormOptions>;
