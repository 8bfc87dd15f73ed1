import type { MessageCode } from '../messages.ts';
import { z } from '../zod.ts';
import { digitsText, EmailAddress } from './common.ts';
import { PhoneNumber } from './phone.ts';

/** The login contacts of an account that reach its owner: where reset codes and notices go. */
export const CONTACT_FIELDS = ['email', 'phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Digits of the code sent to a new login contact. */
export const CONTACT_CODE_DIGITS = 6;

/**
 * POST …/:id/contact-change — the new login e-mail or the new phone (one at a time): a code goes
 * to it, and nothing changes until the code is entered.
 */
export const ContactChangeRequest = z
  .strictObject({ email: EmailAddress.optional(), phone: PhoneNumber.optional() })
  .refine((body) => (body.email === undefined) !== (body.phone === undefined), {
    error: 'CONTACT_CHANGE_ONE_FIELD' satisfies MessageCode,
  });
export type ContactChangeRequest = z.infer<typeof ContactChangeRequest>;

export const ContactChangeSent = z.object({
  data: z.object({
    field: z.enum(CONTACT_FIELDS),
    /** The new contact, as the code went to it. */
    sentTo: z.string(),
    digits: z.number(),
    resendAfterSeconds: z.number(),
  }),
  message: z.string(),
});
export type ContactChangeSent = z.infer<typeof ContactChangeSent>;

/** POST …/:id/contact-change/verify — the code the new contact received. */
export const ContactChangeVerify = z.strictObject({
  code: digitsText('OTP_INVALID', new RegExp(`^\\d{${CONTACT_CODE_DIGITS}}$`)),
});
export type ContactChangeVerify = z.infer<typeof ContactChangeVerify>;
