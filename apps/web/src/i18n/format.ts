import { CENTRE_TIME_ZONE, HALALAS_PER_RIYAL, type Language } from '@tasreeh/shared';

/** Locale tags for Intl: Saudi Arabic and English. */
const LOCALE: Record<Language, string> = { en: 'en-GB', ar: 'ar-SA' };

/**
 * One digit system per language, and it is Latin (0–9) in both: IDs, phones, codes and what
 * users type are Latin, so Arabic pages write every number, amount and date in Latin digits
 * too (decision 0012). Arabic-Indic digits typed by a user are still accepted (normalizeDigits).
 */
export const DIGITS: Record<Language, 'latn'> = { en: 'latn', ar: 'latn' };

/**
 * Intl formatters made so far, by language and options: making one loads the locale's data and
 * costs far more than formatting (a list of prices or a count made one per number, a long task
 * on a slow phone), so each is made once.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatterKey(language: Language, options: object): string {
  return `${language} ${JSON.stringify(options)}`;
}

/** The formatter made for a language and options, made the first time they are asked for. */
function madeOnce<Format, Options extends object>(
  made: Map<string, Format>,
  language: Language,
  options: Options,
  make: () => Format,
): Format {
  const key = formatterKey(language, options);
  let format = made.get(key);
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}

/** Intl's number formatter for a language, in that language's digits (made once for the same options). */
export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return madeOnce(
    numberFormats,
    language,
    options,
    () => new Intl.NumberFormat(LOCALE[language], { ...options, numberingSystem: DIGITS[language] }),
  );
}

/** Intl's date formatter for a language, in that language's digits (made once for the same options). */
export function dateTimeFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return madeOnce(
    dateTimeFormats,
    language,
    options,
    () => new Intl.DateTimeFormat(LOCALE[language], { ...options, numberingSystem: DIGITS[language] }),
  );
}

/**
 * A moment as the centre's clock shows it (decision 0012): medium date and short time in
 * Asia/Riyadh and the Gregorian calendar, whatever the device's zone.
 */
export function centreDateTimeFormat(language: Language): Intl.DateTimeFormat {
  return dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CENTRE_TIME_ZONE,
    calendar: 'gregory',
  });
}

/** An ISO instant in the centre's time (see centreDateTimeFormat). */
export function formatCentreDateTime(iso: string, language: Language): string {
  return centreDateTimeFormat(language).format(new Date(iso));
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language).format(value);
}

/** An amount in halalas as Saudi riyals (DESIGN §4: money is integer halalas). */
export function formatSar(halalas: number, language: Language): string {
  return numberFormat(language, { style: 'currency', currency: 'SAR' }).format(halalas / HALALAS_PER_RIYAL);
}

/** A rate in basis points (1500) as a percentage (15%), to two decimals at most. */
export function formatPercent(basisPoints: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** A record's name in the UI language, of the two it has. */
export function nameIn(named: { nameEn: string; nameAr: string }, language: Language): string {
  return language === 'ar' ? named.nameAr : named.nameEn;
}

/** A record's name in the UI language, or in the other one where it has none in this one (a payer's name). */
export function nameInOrOther(named: { nameEn: string; nameAr: string }, language: Language): string {
  return nameIn(named, language) || nameIn(named, language === 'ar' ? 'en' : 'ar');
}

/** A stored `YYYY-MM-DD` day as a Date at noon UTC, so that no time zone moves it to another day. */
export function dateOf(iso: string): Date {
  return new Date(`${iso}T12:00:00Z`);
}

/** A Gregorian date in words (ar-SA would otherwise default to the Hijri calendar). */
export function formatDate(date: Date, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'long', calendar: 'gregory' }).format(date);
}

/** A stored `YYYY-MM-DD` day in figures, in the language's order (26/11/2026 in both; Arabic reads it right to left). */
export function formatDayFigures(iso: string, language: Language): string {
  return dateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  }).format(dateOf(iso));
}

/** A Hijri date by the Umm al-Qura calendar. */
export function formatHijriDate(date: Date, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'long', calendar: 'islamic-umalqura' }).format(date);
}
