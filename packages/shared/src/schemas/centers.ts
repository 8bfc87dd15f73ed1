import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { firstResetPasswordIssue, MAX_PASSWORD_LENGTH } from '../passwords.ts';
import { findRegion, isCityOfRegion } from '../reference/regions.ts';
import type { UserType } from '../user-types.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { EmailAddress, englishName, isoDate, NamedRef, nameText, requiredText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';
import { PhoneNumber } from './phone.ts';

/** Training centres (TVTC licence) and medical centres (MOH licence) register the same way. */
export const CENTER_KINDS = ['training', 'medical'] as const;
export type CenterKind = (typeof CENTER_KINDS)[number];

/** A registration request (spec §4): Pending → Approved | Rejected. */
export const CENTER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CenterStatus = (typeof CENTER_STATUSES)[number];

/** The user type of each kind's one login. */
export const CENTER_USER_TYPES = {
  training: 'training center',
  medical: 'medical center',
} as const satisfies Record<CenterKind, UserType>;

/** The kind of centre a user type logs in for, or undefined for any other type. */
export function centerKindOf(type: UserType): CenterKind | undefined {
  return CENTER_KINDS.find((kind) => CENTER_USER_TYPES[kind] === type);
}

const digits = (code: MessageCode, pattern: RegExp) =>
  z
    .string({ error: code })
    .transform((value) => normalizeDigits(value.trim()).replace(/\s+/g, ''))
    .pipe(z.string().regex(pattern, { error: code }));

const HAS_ARABIC_LETTER = /[\u0621-\u064a]/u;

/** The fields of a centre, as it registers or as the super admin enters them. */
const centerShape = {
  nameEn: englishName(160),
  nameAr: nameText(160).regex(HAS_ARABIC_LETTER, { error: 'ENTER_NAME_ARABIC' }),
  crNumber: digits('CR_NUMBER_INVALID', /^\d{10}$/),
  crExpiry: isoDate('ENTER_DATE'),
  /** The TVTC licence of a training centre, the MOH licence of a medical centre. */
  licenceNumber: requiredText('ENTER_LICENCE_NUMBER', 40),
  licenceExpiry: isoDate('ENTER_DATE'),
  vatNumber: digits('VAT_NUMBER_INVALID', /^3\d{13}3$/),
  region: z
    .string({ error: 'SELECT_REGION' })
    .refine((code) => Boolean(findRegion(code)), { error: 'SELECT_REGION' }),
  city: z.string({ error: 'SELECT_CITY' }).min(1, { error: 'SELECT_CITY' }).max(60),
  address: requiredText('ENTER_ADDRESS', 300),
  contactName: nameText(120),
  email: EmailAddress,
  mobile: PhoneNumber,
};
type CenterShape = z.infer<z.ZodObject<typeof centerShape>>;

const issueAt = (context: z.RefinementCtx, path: string, message: MessageCode) =>
  context.addIssue({ code: 'custom', path: [path], message });

function checkCity(body: CenterShape, context: z.RefinementCtx) {
  if (findRegion(body.region) && !isCityOfRegion(body.region, body.city))
    issueAt(context, 'city', 'SELECT_CITY');
}

/** A new centre's commercial registration and licence must still be in force. */
function checkInForce(body: CenterShape, context: z.RefinementCtx) {
  const today = new Date().toISOString().slice(0, 10);
  if (body.crExpiry < today) issueAt(context, 'crExpiry', 'EXPIRY_PASSED');
  if (body.licenceExpiry < today) issueAt(context, 'licenceExpiry', 'EXPIRY_PASSED');
}

const kind = z.enum(CENTER_KINDS, { error: 'INVALID_VALUE' });

/** A centre's details as the super admin edits them (edit/{id}); the kind never changes. */
export const CenterInput = z.strictObject(centerShape).superRefine(checkCity);
export type CenterInput = z.infer<typeof CenterInput>;

/** A centre the super admin adds directly (add-new): approved at once. */
export const CenterCreateInput = z.strictObject({ kind, ...centerShape }).superRefine((body, context) => {
  checkCity(body, context);
  checkInForce(body, context);
});
export type CenterCreateInput = z.infer<typeof CenterCreateInput>;

/** A centre registering itself: the details, its login password, and the grant of its verified mobile. */
export const CenterRegistrationFields = z
  .strictObject({
    kind,
    ...centerShape,
    password: z.string({ error: 'ENTER_NEW_PASSWORD' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
    rePassword: z.string({ error: 'PASSWORDS_DO_NOT_MATCH' }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' }),
    /** The grant verify-otp returned for this mobile number. */
    phoneToken: z.string({ error: 'PHONE_NOT_VERIFIED' }).min(1, { error: 'PHONE_NOT_VERIFIED' }).max(200),
  })
  .superRefine((body, context) => {
    checkCity(body, context);
    checkInForce(body, context);
    const passwordIssue = firstResetPasswordIssue(body.password, body.rePassword);
    if (passwordIssue) {
      issueAt(context, passwordIssue === 'PASSWORDS_DO_NOT_MATCH' ? 'rePassword' : 'password', passwordIssue);
    }
  });
export type CenterRegistrationFields = z.infer<typeof CenterRegistrationFields>;

const COPY_RULE = {
  required: false,
  maxMegabytes: 5,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

/** The optional attachments of a registration: copies of the commercial register and the licence. */
export const CENTER_ATTACHMENTS = { crCopy: COPY_RULE, licenceCopy: COPY_RULE } as const;
export type CenterAttachment = keyof typeof CENTER_ATTACHMENTS;

export const CenterRegistrationResponse = z.object({ id: z.number(), message: z.string() });

/** The super admin's reason for turning a registration down; the centre is told it. */
export const CenterRejectInput = z.strictObject({ reason: requiredText('ENTER_REASON', 500) });

export const Center = z.object({
  id: z.number(),
  userId: z.number(),
  kind: z.enum(CENTER_KINDS),
  status: z.enum(CENTER_STATUSES),
  nameEn: z.string(),
  nameAr: z.string(),
  crNumber: z.string(),
  crExpiry: z.string(),
  licenceNumber: z.string(),
  licenceExpiry: z.string(),
  vatNumber: z.string(),
  region: z.string(),
  city: z.string(),
  address: z.string(),
  contactName: z.string(),
  email: z.string(),
  mobile: z.string(),
  crCopyFileId: z.string().nullable(),
  licenceCopyFileId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reviewedBy: NamedRef.nullable(),
  reviewedAt: z.date().nullable(),
  createdAt: z.date(),
  /** Edit the centre; decide its registration (approve or reject: while it is pending). */
  abilities: Abilities('edit', 'review'),
});
export type Center = z.infer<typeof Center>;

export const CENTER_SORTS = ['createdAt', 'nameEn', 'nameAr', 'crNumber'] as const;
export const CenterListQuery = listQuery(CENTER_SORTS).extend({
  kind: kind.optional(),
  status: z.enum(CENTER_STATUSES, { error: 'INVALID_VALUE' }).optional(),
});
export type CenterListQuery = z.infer<typeof CenterListQuery>;
export const CenterPage = listPage(Center);
export const CenterCountQuery = countQueryOf(CenterListQuery);
export type CenterCountQuery = z.infer<typeof CenterCountQuery>;
