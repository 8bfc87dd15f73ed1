import { type Branch, findRegion, type Language } from '@tasreeh/shared';

/** A branch's name in the UI language. */
export function branchName(branch: Pick<Branch, 'nameEn' | 'nameAr'>, language: Language): string {
  return language === 'ar' ? branch.nameAr : branch.nameEn;
}

export function regionName(code: string, language: Language): string {
  return findRegion(code)?.[language] ?? code;
}

export function cityName(regionCode: string, cityId: string, language: Language): string {
  return findRegion(regionCode)?.cities.find((city) => city.id === cityId)?.[language] ?? cityId;
}

/** A stored YYYY-MM-DD date as a Date at noon UTC (so no time zone moves it to another day). */
export function dateOf(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}
