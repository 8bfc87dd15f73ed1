import type { MessageCode } from '../messages.ts';
import { MAX_PASSWORD_LENGTH } from '../passwords.ts';
import { USER_TYPES } from '../user-types.ts';
import { z } from '../zod.ts';
import { CallerAbilities } from './abilities.ts';
import { digitsText, IdSchema, MessageResponse, requiredText } from './common.ts';

const password = (code: MessageCode) =>
  z.string({ error: code }).max(MAX_PASSWORD_LENGTH, { error: 'TOO_LONG' });

export const PrivilegeSchema = z.object({
  id: z.number().int(),
  read: z.boolean(),
  create: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});

export const UserTypeSchema = z.enum(USER_TYPES);

/**
 * A solved proof-of-work challenge, as the ALTCHA widget hands it over (Base64 of the challenge
 * and its solution). Asked for only after repeated failures, or before a code goes to a phone.
 */
export const AltchaPayload = z
  .string({ error: 'CHALLENGE_REQUIRED' })
  .max(4000, { error: 'CHALLENGE_REQUIRED' });

/** GET /auth/challenge — a proof-of-work challenge for the widget (signed; its parameters kept whole). */
export const ChallengeResponse = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string().optional(),
});

/**
 * POST /auth/login — e-mail, ID number, CR number or username, with the password; `altcha` when
 * the server asked for a challenge (400 CHALLENGE_REQUIRED).
 */
export const LoginBody = z.strictObject({
  email: requiredText('FILL_ALL_FIELDS'),
  password: password('FILL_ALL_FIELDS').min(1, { error: 'FILL_ALL_FIELDS' }),
  altcha: AltchaPayload.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResponse = z.object({
  access_token: z.string(),
  userId: z.number(),
  type: UserTypeSchema,
  privileges: z.array(PrivilegeSchema),
  studentId: z.number().nullable(),
  corporateId: z.number().nullable(),
  changePassword: z.boolean(),
  status: z.string(),
  name: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /auth/test-token — the bearer header is the credential; the body may repeat it. */
export const TestTokenBody = z.strictObject({
  token: z.string().max(4096).optional(),
  userId: IdSchema.optional(),
});

export const TestTokenResponse = z.object({
  privileges: z.array(PrivilegeSchema),
  /** What the caller may do in each area, by its policy on the server (add a product…). */
  abilities: CallerAbilities,
  type: UserTypeSchema,
  userId: z.number(),
  name: z.string(),
  changePassword: z.boolean(),
});
export type TestTokenResponse = z.infer<typeof TestTokenResponse>;

/** POST /check-user-exists */
export const CheckUserExistsBody = z.strictObject({
  email: requiredText('ENTER_EMAIL').toLowerCase(),
});

export const CheckUserExistsResponse = z.object({
  exists: z.boolean(),
  phone: z.string().optional(),
  userId: z.number().optional(),
  id: z.number().optional(),
  message: z.string().optional(),
});

export const CreateOtpResponse = z.object({
  data: z.object({ id: z.string(), phone: z.string(), digits: z.number(), resendAfterSeconds: z.number() }),
  message: z.string(),
});

/** POST /users/verify-otp */
export const VerifyOtpBody = z.strictObject({
  id: z.uuid({ error: 'OTP_INVALID' }),
  otp: digitsText('OTP_INVALID', /^\d{4,6}$/),
});

export const VerifyOtpResponse = z.object({
  data: z.object({
    verified: z.literal(true),
    /** Proof of the verified code, good once and for 10 minutes (update-password, registration). */
    grant: z.string(),
    userId: z.number().nullable(),
  }),
  message: z.string(),
});

/** POST /users/update-password — the reset flow, with the grant from verify-otp. */
export const UpdatePasswordBody = z.strictObject({
  userId: IdSchema,
  password: password('ENTER_NEW_PASSWORD'),
  rePassword: password('PASSWORDS_DO_NOT_MATCH'),
  resetToken: z.string({ error: 'USER_INFO_MISSING' }).min(1, { error: 'USER_INFO_MISSING' }).max(200),
});

/** POST /auth/reset-password — a logged-in user changes their own password. */
export const ChangePasswordBody = z.strictObject({
  oldPassword: password('FILL_ALL_FIELDS').min(1, { error: 'FILL_ALL_FIELDS' }),
  newPassword: password('FILL_ALL_FIELDS').min(1, { error: 'FILL_ALL_FIELDS' }),
});

export const ChangePasswordResponse = z.object({
  data: z.object({ statusCode: z.number(), message: z.string() }),
});

export { MessageResponse };
