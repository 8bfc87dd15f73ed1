/**
 * Phone numbers, apart from the other identifiers so that a bundle which needs none (the
 * login screen) does not carry the phone library (decision 0010).
 */
import { type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { normalizeDigits } from './identifiers.ts';
import saudiPhoneMetadata from './reference/phone-metadata.sa.json' with { type: 'json' };

/**
 * The phone library's metadata for Saudi Arabia alone (DESIGN: phones are Saudi, E.164
 * +966…), copied from its `min` metadata, which is 117 KiB for every country; the test checks
 * the copy still matches the installed library (decision 0010). The cast is safe: JSON imports
 * widen the country codes to string, and the data is the library's own.
 */
const PHONE_METADATA = saudiPhoneMetadata as MetadataJson;

/** A phone number as E.164 (+9665XXXXXXXX), read as Saudi when written locally (05X…); undefined if invalid. */
export function normalizePhone(value: string): string | undefined {
  const parsed = parsePhoneNumberFromString(normalizeDigits(value.trim()), 'SA', PHONE_METADATA);
  return parsed?.isValid() ? parsed.number : undefined;
}
