import { isMaskedPhone, normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { AltchaPayload } from './auth.ts';
import { PhoneNumber } from './phone.ts';

export const OTP_PURPOSES = ['phone_verification', 'password_reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** A phone number, or beside an e-mail the masked phone check-user-exists showed (kept as it is). */
const OtpPhone = z.string({ error: 'PHONE_INVALID' }).max(32, { error: 'PHONE_INVALID' });

/**
 * POST /users/create-otp — an e-mail asks for a password-reset code sent to that user's
 * stored phone (spec §7 `{ email, phone }`, the phone masked as check-user-exists showed it);
 * a phone alone asks for a code that proves the phone (registration), with a solved challenge
 * (`altcha`).
 */
export const CreateOtpBody = z
  .strictObject({
    // An empty phone beside an e-mail is no phone at all.
    phone: z.preprocess((value) => (value === '' ? undefined : value), OtpPhone.optional()),
    email: z.string().trim().toLowerCase().max(254, { error: 'TOO_LONG' }).optional(),
    purpose: z.enum(OTP_PURPOSES).optional(),
    altcha: AltchaPayload.optional(),
  })
  .refine((body) => Boolean(body.phone || body.email), { error: 'FILL_ALL_FIELDS' satisfies MessageCode })
  .transform((body, context) => {
    if (body.phone === undefined) return body;
    if (body.email && isMaskedPhone(body.phone))
      return { ...body, phone: normalizeDigits(body.phone.trim()) };
    const phone = PhoneNumber.safeParse(body.phone);
    if (phone.success) return { ...body, phone: phone.data };
    context.addIssue({ code: 'custom', message: 'PHONE_INVALID' satisfies MessageCode, path: ['phone'] });
    return z.NEVER;
  });
export type CreateOtpBody = z.infer<typeof CreateOtpBody>;
