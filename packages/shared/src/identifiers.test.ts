import fullMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { isValidSaudiId, maskPhone, normalizeDigits, withSaudiIdCheckDigit } from './identifiers.ts';
import { normalizePhone } from './phone.ts';
import saudiPhoneMetadata from './reference/phone-metadata.sa.json' with { type: 'json' };

describe('normalizeDigits', () => {
  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII digits', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });

  it('keeps every other character', () => {
    expect(normalizeDigits('0123456789')).toBe('0123456789');
    expect(normalizeDigits('رقم ٣ and ۷, x-9')).toBe('رقم 3 and 7, x-9');
    expect(normalizeDigits('')).toBe('');
  });
});

describe('maskPhone', () => {
  it('masks every digit but the last two', () => {
    expect(maskPhone('+966551234567')).toBe('**********67');
    expect(maskPhone('0551234567')).toBe('********67');
  });

  it('reads Arabic-Indic digits and ignores spacing', () => {
    expect(maskPhone('٠٥٥١٢٣٤٥٦٧')).toBe('********67');
    expect(maskPhone('+966 55 123 4567')).toBe('**********67');
  });
});

describe('isValidSaudiId', () => {
  it('accepts a national ID (1…) and an Iqama (2…) with a right check digit', () => {
    expect(isValidSaudiId('2000000006')).toBe(true);
    expect(isValidSaudiId('1000000008')).toBe(true);
    expect(isValidSaudiId('1234567897')).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    expect(isValidSaudiId('2000000007')).toBe(false);
    expect(isValidSaudiId('1234567891')).toBe(false);
  });

  it('refuses a wrong length, a wrong first digit or other characters', () => {
    expect(isValidSaudiId('200000006')).toBe(false);
    expect(isValidSaudiId('20000000060')).toBe(false);
    // 3000000004 has a right check digit but starts with 3
    expect(isValidSaudiId('3000000004')).toBe(false);
    expect(isValidSaudiId('20000000a6')).toBe(false);
    expect(isValidSaudiId('')).toBe(false);
  });

  it('accepts Arabic-Indic digits and surrounding spaces', () => {
    expect(isValidSaudiId('٢٠٠٠٠٠٠٠٠٦')).toBe(true);
    expect(isValidSaudiId('۱۰۰۰۰۰۰۰۰۸')).toBe(true);
    expect(isValidSaudiId(' 2000000006 ')).toBe(true);
  });
});

describe('normalizePhone', () => {
  it('writes a local Saudi number as E.164', () => {
    expect(normalizePhone('0551234567')).toBe('+966551234567');
    expect(normalizePhone(' 0551234567 ')).toBe('+966551234567');
    expect(normalizePhone('+966551234567')).toBe('+966551234567');
    expect(normalizePhone('+966 55 123 4567')).toBe('+966551234567');
  });

  it('reads Arabic-Indic digits', () => {
    expect(normalizePhone('٠٥٥١٢٣٤٥٦٧')).toBe('+966551234567');
  });

  it('gives undefined for a number that is not valid', () => {
    expect(normalizePhone('')).toBeUndefined();
    expect(normalizePhone('12345')).toBeUndefined();
    expect(normalizePhone('055123')).toBeUndefined();
    expect(normalizePhone('phone')).toBeUndefined();
  });

  it('takes Saudi numbers only: a number of another country is not valid', () => {
    expect(normalizePhone('+201001234567')).toBeUndefined();
    expect(normalizePhone('+447911123456')).toBeUndefined();
  });

  it("keeps the phone library's own Saudi metadata (regenerate the copy after upgrading it)", () => {
    expect(saudiPhoneMetadata).toEqual({
      version: fullMetadata.version,
      country_calling_codes: { '966': fullMetadata.country_calling_codes['966'] },
      countries: { SA: fullMetadata.countries.SA },
      nonGeographic: {},
    });
  });
});

describe('withSaudiIdCheckDigit', () => {
  it('completes nine digits into a valid ID, and only that digit passes', () => {
    expect(withSaudiIdCheckDigit('200000000')).toBe('2000000006');
    for (const lead of ['100000001', '212345678', '198765432']) {
      const id = withSaudiIdCheckDigit(lead);
      expect(isValidSaudiId(id)).toBe(true);
      const wrong = `${lead}${(Number(id.at(-1)) + 1) % 10}`;
      expect(isValidSaudiId(wrong)).toBe(false);
    }
  });
});
