import { normalizeDigits } from '../identifiers.ts';
import type { MessageCode } from '../messages.ts';
import { ARABIC_NAME, ENGLISH_NAME, hasDirectionCharacters } from '../names.ts';
import { z } from '../zod.ts';

/** A string that must be given and not blank; `code` is the message for missing or blank. */
export function requiredText(code: MessageCode, max = 254) {
  return z
    .string({ error: code })
    .trim()
    .min(1, { error: code })
    .max(max, { error: 'TOO_LONG' satisfies MessageCode });
}

/**
 * Text shown to others or printed on a certificate, an invoice or another document as it was
 * typed (names, titles, a batch number): given, not blank, and without the invisible characters
 * that reorder it (names.ts DIRECTION_CHARACTERS), refused first, with their own message.
 */
export function displayText(code: MessageCode, max: number) {
  return requiredText(code, max).refine((value) => !hasDirectionCharacters(value), {
    error: 'TEXT_HAS_DIRECTION_CHARACTERS' satisfies MessageCode,
  });
}

/** A name of anyone or anything (a person, a company, a branch, a course…) in any script. */
export const nameText = (max: number) => displayText('ENTER_NAME', max);

/** A name in English: Latin letters, none of the Arabic script (digits and punctuation allowed). */
export const englishName = (max: number) =>
  nameText(max).regex(ENGLISH_NAME, { error: 'ENTER_NAME_ENGLISH' satisfies MessageCode });

/** A person's name in Arabic: Arabic letters, no Latin ones. */
export const arabicName = (max: number) =>
  nameText(max).regex(ARABIC_NAME, { error: 'ENTER_NAME_ARABIC' satisfies MessageCode });

/** A positive whole id; the web keeps ids read from a URL as digit strings, so those are accepted too. */
const MAX_ID = 2_147_483_647;

export const IdSchema = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID)),
]);

/** Digits typed in any of the scripts users type in, stored as ASCII. */
export function digitsText(code: MessageCode, pattern: RegExp) {
  return z
    .string({ error: code })
    .transform((value) => normalizeDigits(value.trim()))
    .pipe(z.string().regex(pattern, { error: code }));
}

export const MessageResponse = z.object({ message: z.string() });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A Gregorian calendar date `YYYY-MM-DD` (digits in any script), checked to exist. */
export function isoDate(code: MessageCode) {
  return z
    .string({ error: code })
    .transform((value) => normalizeDigits(value.trim()))
    .pipe(z.string().regex(ISO_DATE, { error: code }).refine(isRealDate, { error: code }));
}

/** An e-mail address, trimmed and lower-cased. */
export const EmailAddress = z
  .string({ error: 'ENTER_EMAIL' satisfies MessageCode })
  .trim()
  .toLowerCase()
  .min(1, { error: 'ENTER_EMAIL' satisfies MessageCode })
  .max(254, { error: 'TOO_LONG' satisfies MessageCode })
  .pipe(z.email({ error: 'EMAIL_INVALID' satisfies MessageCode }));

/** Something named in both languages, referred to by id (a branch, a group, a corporate). */
export const NamedRef = z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() });
