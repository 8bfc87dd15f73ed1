import countries from 'i18n-iso-countries';

/** True for an ISO 3166-1 alpha-2 code (nationalities are stored as these). */
export function isCountryCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2 && code === code.toUpperCase();
}
