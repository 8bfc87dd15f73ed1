import type { MessageCode } from '../messages.ts';
import { parseRiyals } from '../money.ts';
import { findRegion, isCityOfRegion } from '../reference/regions.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { englishName, isoDate, nameText, requiredText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

export const BRANCH_TYPES = ['main', 'sub', 'mobile'] as const;
export const BRANCH_STATUSES = ['active', 'inactive'] as const;

const optionalCode = z
  .string()
  .trim()
  .max(40, { error: 'TOO_LONG' satisfies MessageCode })
  .optional()
  .transform((value) => value || null);

const optionalDate = isoDate('ENTER_DATE')
  .optional()
  .transform((value) => value ?? null);

/** A branch as staff enter it (spec §3 Branch). Money is typed in riyals and kept in halalas. */
export const BranchInput = z
  .strictObject({
    nameEn: englishName(120),
    nameAr: nameText(120),
    code: requiredText('REQUIRED', 20).transform((value) => value.toUpperCase()),
    type: z.enum(BRANCH_TYPES, { error: 'INVALID_VALUE' }),
    region: z
      .string({ error: 'SELECT_REGION' })
      .refine((code) => Boolean(findRegion(code)), { error: 'SELECT_REGION' }),
    city: z.string({ error: 'SELECT_CITY' }).min(1, { error: 'SELECT_CITY' }),
    baladiyaCode: optionalCode,
    civilDefenseCode: optionalCode,
    civilDefenseExpiry: optionalDate,
    crExpiry: optionalDate,
    rentAmount: z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined || value.trim() === '') return null;
        const halalas = parseRiyals(value);
        if (halalas === undefined)
          context.addIssue({ code: 'custom', message: 'AMOUNT_INVALID' satisfies MessageCode });
        return halalas ?? null;
      }),
    rentDueDate: optionalDate,
    status: z.enum(BRANCH_STATUSES).default('active'),
  })
  .superRefine((body, context) => {
    if (findRegion(body.region) && !isCityOfRegion(body.region, body.city)) {
      context.addIssue({ code: 'custom', path: ['city'], message: 'SELECT_CITY' satisfies MessageCode });
    }
  });
export type BranchInput = z.infer<typeof BranchInput>;

export const Branch = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  code: z.string(),
  type: z.enum(BRANCH_TYPES),
  region: z.string(),
  city: z.string(),
  baladiyaCode: z.string().nullable(),
  civilDefenseCode: z.string().nullable(),
  civilDefenseExpiry: z.string().nullable(),
  crExpiry: z.string().nullable(),
  /** Halalas. */
  rentAmount: z.number().nullable(),
  rentDueDate: z.string().nullable(),
  status: z.enum(BRANCH_STATUSES),
  classroomCount: z.number(),
  seatCount: z.number(),
  abilities: Abilities('update', 'addClassroom'),
});
export type Branch = z.infer<typeof Branch>;

export const BranchListQuery = listQuery(['nameEn', 'nameAr', 'code', 'createdAt'] as const).extend({
  region: z.string().optional(),
  status: z.enum(BRANCH_STATUSES).optional(),
});
export const BranchPage = listPage(Branch);
export const BranchCountQuery = countQueryOf(BranchListQuery);

export const ClassroomInput = z.strictObject({
  name: nameText(60),
  capacity: z.coerce
    .number({ error: 'CAPACITY_INVALID' })
    .int({ error: 'CAPACITY_INVALID' })
    .min(1, { error: 'CAPACITY_INVALID' })
    .max(500, { error: 'CAPACITY_INVALID' }),
});
export const Classroom = z.object({
  id: z.number(),
  branchId: z.number(),
  name: z.string(),
  capacity: z.number(),
  abilities: Abilities('updateClassroom', 'deleteClassroom'),
});
export type Classroom = z.infer<typeof Classroom>;
export const ClassroomList = z.array(Classroom);
