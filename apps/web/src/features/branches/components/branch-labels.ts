import { findRegion, type Language } from '@tasreeh/shared';

export function regionName(code: string, language: Language): string {
  return findRegion(code)?.[language] ?? code;
}

export function cityName(regionCode: string, cityId: string, language: Language): string {
  return findRegion(regionCode)?.cities.find((city) => city.id === cityId)?.[language] ?? cityId;
}
