const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as ASCII digits; other text unchanged. */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EASTERN_ARABIC_INDIC_ZERO ? EASTERN_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** A phone number with every digit but the last two replaced by asterisks (spec §7). */
export function maskPhone(phone: string): string {
  const digits = normalizeDigits(phone).replace(/\D/g, '');
  if (digits.length <= 2) return '*'.repeat(digits.length);
  return '*'.repeat(digits.length - 2) + digits.slice(-2);
}

/** A phone as `maskPhone` shows it (asterisks, then the last two digits), digits in any script. */
export function isMaskedPhone(value: string): boolean {
  return /^\*{6,20}\d{2}$/.test(normalizeDigits(value.trim()));
}

/** Luhn check over a string of digits. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The nine leading digits of a national ID or Iqama with the Luhn check digit that makes them valid. */
export function withSaudiIdCheckDigit(nineDigits: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (passesLuhn(`${nineDigits}${digit}`)) return `${nineDigits}${digit}`;
  }
  throw new Error('unreachable: one check digit always passes');
}

/** A Saudi national ID (starts with 1) or Iqama (starts with 2): 10 digits with a Luhn check digit. */
export function isValidSaudiId(value: string): boolean {
  const digits = normalizeDigits(value.trim());
  return /^[12]\d{9}$/.test(digits) && passesLuhn(digits);
}
