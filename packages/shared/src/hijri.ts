/**
 * Hijri dates by the Umm al-Qura calendar, the official calendar of Saudi Arabia, read from
 * ICU through `Intl` (no table of our own). ICU's Umm al-Qura table covers 1300–1600 AH;
 * outside it ICU silently falls back to an arithmetic calendar, so those years are refused.
 */
export interface HijriDate {
  year: number;
  /** 1 (Muharram) to 12 (Dhu al-Hijjah). */
  month: number;
  day: number;
}

export const HIJRI_MIN_YEAR = 1300;
export const HIJRI_MAX_YEAR = 1600;

const DAY_MS = 86_400_000;
/** 1 Muharram 1 AH as a proleptic Gregorian day (622-07-19), the start of the mean-calendar estimate. */
const HIJRI_EPOCH_MS = Date.UTC(622, 6, 19);
const MEAN_YEAR_DAYS = 354.366_67;
const MEAN_MONTH_DAYS = 29.530_589;
/** Umm al-Qura never strays more than a couple of days from the mean calendar; search a little wider. */
const SEARCH_DAYS = 5;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

let formatter: Intl.DateTimeFormat | undefined;

/** Always name both the calendar and the digits: `ar-SA` alone gives Gregorian with Arabic digits. */
function umalquraFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  return formatter;
}

function hijriOfUtcMs(ms: number): HijriDate {
  const parts = umalquraFormatter().formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

function isoOfUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function isWholeIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/**
 * The Gregorian date (`YYYY-MM-DD`) of a Hijri day in the Umm al-Qura calendar, or undefined
 * when that day does not exist (say 30 Ramadan in a 29-day Ramadan) or lies outside 1300–1600 AH.
 */
export function hijriToGregorian(year: number, month: number, day: number): string | undefined {
  if (!isWholeIn(year, HIJRI_MIN_YEAR, HIJRI_MAX_YEAR)) return undefined;
  if (!isWholeIn(month, 1, 12) || !isWholeIn(day, 1, 30)) return undefined;
  const estimateDays = Math.round((year - 1) * MEAN_YEAR_DAYS + (month - 1) * MEAN_MONTH_DAYS + (day - 1));
  const estimate = HIJRI_EPOCH_MS + estimateDays * DAY_MS;
  for (let offset = 0; offset <= SEARCH_DAYS; offset++) {
    for (const candidate of offset === 0
      ? [estimate]
      : [estimate - offset * DAY_MS, estimate + offset * DAY_MS]) {
      const hijri = hijriOfUtcMs(candidate);
      if (hijri.year === year && hijri.month === month && hijri.day === day) return isoOfUtcMs(candidate);
    }
  }
  return undefined;
}

/**
 * The Umm al-Qura date of a Gregorian day, given as `YYYY-MM-DD` or as a `Date` (its UTC
 * calendar day); undefined for an invalid date or one outside 1300–1600 AH.
 */
export function gregorianToHijri(date: Date | string): HijriDate | undefined {
  let ms: number;
  if (typeof date === 'string') {
    const match = ISO_DATE.exec(date);
    if (!match) return undefined;
    ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
    if (isoOfUtcMs(ms) !== date) return undefined;
  } else {
    ms = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  }
  if (Number.isNaN(ms)) return undefined;
  const hijri = hijriOfUtcMs(ms);
  return isWholeIn(hijri.year, HIJRI_MIN_YEAR, HIJRI_MAX_YEAR) ? hijri : undefined;
}

/** How many days (29 or 30) a Hijri month has in the Umm al-Qura calendar; undefined outside 1300–1600 AH. */
export function hijriMonthLength(year: number, month: number): 29 | 30 | undefined {
  if (hijriToGregorian(year, month, 1) === undefined) return undefined;
  return hijriToGregorian(year, month, 30) === undefined ? 29 : 30;
}
