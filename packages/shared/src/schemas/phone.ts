import type { MessageCode } from '../messages.ts';
import { normalizePhone } from '../phone.ts';
import { z } from '../zod.ts';

/** A phone number in any way people write it (05…, +966…, Arabic digits), as E.164. */
export const PhoneNumber = z
  .string({ error: 'PHONE_INVALID' satisfies MessageCode })
  .max(32, { error: 'PHONE_INVALID' satisfies MessageCode })
  .transform((value, context) => {
    const phone = normalizePhone(value);
    if (!phone) context.addIssue({ code: 'custom', message: 'PHONE_INVALID' satisfies MessageCode });
    return phone ?? value;
  });
