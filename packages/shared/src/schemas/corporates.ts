import { isValidSaudiId, normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { findRegion, isCityOfRegion } from '../reference/regions.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { EmailAddress, englishName, isoDate, nameText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';
import { PhoneNumber } from './phone.ts';

const digits = (code: MessageCode, pattern: RegExp) =>
  z
    .string({ error: code })
    .transform((value) => normalizeDigits(value.trim()).replace(/\s+/g, ''))
    .pipe(z.string().regex(pattern, { error: code }));

const optional = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));

const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, { error: 'TOO_LONG' satisfies MessageCode })
    .optional()
    .transform((value) => value || null);

/** A Saudi IBAN: SA, two check digits and 20 more, passing the ISO 13616 mod-97 check. */
export function isValidSaudiIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^SA\d{22}$/.test(iban)) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

export const CORPORATE_TYPES = ['company', 'establishment', 'government', 'non_profit'] as const;
export type CorporateType = (typeof CORPORATE_TYPES)[number];

/** A corporate as the back office enters it (spec §3 Corporate). */
export const CorporateInput = z
  .strictObject({
    nameEn: englishName(160),
    nameAr: nameText(160),
    crNumber: digits('CR_NUMBER_INVALID', /^\d{10}$/),
    crExpiry: optional(isoDate('ENTER_DATE')),
    activityLicenceNumber: optionalText(40),
    activityLicenceExpiry: optional(isoDate('ENTER_DATE')),
    vatNumber: optional(digits('VAT_NUMBER_INVALID', /^3\d{13}3$/)),
    subMunicipalityLicenceNumber: optionalText(40),
    subMunicipalityCode: optionalText(40),
    subMunicipalityExpiry: optional(isoDate('ENTER_DATE')),
    municipality: optionalText(),
    type: z
      .enum(CORPORATE_TYPES, { error: 'INVALID_VALUE' })
      .optional()
      .transform((value) => value ?? null),
    category: optionalText(),
    guarantorNameAr: optional(nameText(120)),
    guarantorIdNumber: optional(
      digits('ID_NUMBER_INVALID', /^\d{10}$/).refine(isValidSaudiId, { error: 'ID_NUMBER_INVALID' }),
    ),
    guarantorComputerNumber: optionalText(20),
    representativeName: nameText(120),
    representativeEmail: EmailAddress,
    representativePhone: PhoneNumber,
    headOfficeRegion: z
      .string({ error: 'SELECT_REGION' })
      .refine((code) => Boolean(findRegion(code)), { error: 'SELECT_REGION' }),
    headOfficeCity: z.string({ error: 'SELECT_CITY' }).min(1, { error: 'SELECT_CITY' }),
    headOfficePhone: optional(PhoneNumber),
    dimensionValue: optionalText(40),
    virtualIban: optional(
      z
        .string()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .refine(isValidSaudiIban, { error: 'IBAN_INVALID' satisfies MessageCode }),
    ),
    location: optionalText(300),
  })
  .superRefine((body, context) => {
    if (findRegion(body.headOfficeRegion) && !isCityOfRegion(body.headOfficeRegion, body.headOfficeCity)) {
      context.addIssue({
        code: 'custom',
        path: ['headOfficeCity'],
        message: 'SELECT_CITY' satisfies MessageCode,
      });
    }
  });
export type CorporateInput = z.infer<typeof CorporateInput>;

const nullableText = z.string().nullable();

export const Corporate = z.object({
  id: z.number(),
  userId: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  crNumber: z.string(),
  crExpiry: nullableText,
  activityLicenceNumber: nullableText,
  activityLicenceExpiry: nullableText,
  vatNumber: nullableText,
  subMunicipalityLicenceNumber: nullableText,
  subMunicipalityCode: nullableText,
  subMunicipalityExpiry: nullableText,
  municipality: nullableText,
  type: z.enum(CORPORATE_TYPES).nullable(),
  category: nullableText,
  guarantorNameAr: nullableText,
  guarantorIdNumber: nullableText,
  guarantorComputerNumber: nullableText,
  representativeName: z.string(),
  representativeEmail: z.string(),
  representativePhone: z.string(),
  headOfficeRegion: z.string(),
  headOfficeCity: z.string(),
  headOfficePhone: nullableText,
  dimensionValue: nullableText,
  virtualIban: nullableText,
  location: nullableText,
  /** Stored files (GET /api/files/:id) of the optional copies, null until one is uploaded. */
  crCopyFileId: nullableText,
  licenceCopyFileId: nullableText,
  studentCount: z.number(),
  /** ISO 8601 date and time. */
  createdAt: z.string(),
  /** Edit the corporate (its form, its copies, its login contact). */
  abilities: Abilities('edit'),
});
export type Corporate = z.infer<typeof Corporate>;

/** Search by names, CR, VAT or representative; filter by type and head-office region. */
export const CorporateListQuery = listQuery(['nameEn', 'nameAr', 'crNumber', 'createdAt'] as const).extend({
  type: z.enum(CORPORATE_TYPES, { error: 'INVALID_VALUE' }).optional(),
  region: z
    .string()
    .refine((code) => Boolean(findRegion(code)), { error: 'SELECT_REGION' satisfies MessageCode })
    .optional(),
});
export const CorporatePage = listPage(Corporate);
export const CorporateCountQuery = countQueryOf(CorporateListQuery);

/** The optional copies a corporate may hold (spec §3 Corporate): commercial register and licence. */
export const CORPORATE_ATTACHMENT_KINDS = ['crCopy', 'licenceCopy'] as const;
export type CorporateAttachment = (typeof CORPORATE_ATTACHMENT_KINDS)[number];

/** Each copy: PDF, JPEG or PNG as its bytes say, at most 5 MB. */
export const CORPORATE_ATTACHMENT_RULE = {
  required: false,
  maxMegabytes: 5,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;
