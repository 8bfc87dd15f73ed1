import { normalizeDigits } from './identifiers.ts';

/**
 * Money is whole halalas (1 SAR = 100 halalas) everywhere but on screen. Percentages are
 * basis points (15 % = 1500) so that no arithmetic here ever touches a fraction.
 */
export type Halalas = number;
export type BasisPoints = number;

export const HALALAS_PER_RIYAL = 100;
/** Saudi VAT since 1 July 2020. */
export const DEFAULT_VAT_BASIS_POINTS: BasisPoints = 1500;

/** Reads an amount of riyals as typed ("150", "150.5", "150.50", Arabic digits, "1,500.00"); undefined if it is not one. */
export function parseRiyals(input: string): Halalas | undefined {
  const text = normalizeDigits(input.trim())
    .replace(/\u066b/g, '.')
    .replace(/[,\u066c]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * HALALAS_PER_RIYAL + Number(fraction.padEnd(2, '0'));
}

/** Halalas as a plain decimal string of riyals with two places ("230.00"), as invoices and QR codes write it. */
export function toRiyalString(amount: Halalas): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  return `${sign}${Math.floor(absolute / HALALAS_PER_RIYAL)}.${String(absolute % HALALAS_PER_RIYAL).padStart(2, '0')}`;
}

/** A share of an amount, rounded half away from zero to the halala. */
export function percentOf(amount: Halalas, rate: BasisPoints): Halalas {
  const exact = (amount * rate) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export type AmanaFee = { kind: 'amount'; amount: Halalas } | { kind: 'percent'; rate: BasisPoints };

export interface FeeRule {
  originalFee: Halalas;
  amanaFee: AmanaFee;
  vatRate: BasisPoints;
  /** Which parts VAT is charged on. */
  vatOnOriginal: boolean;
  vatOnAmana: boolean;
}

export interface FeeBreakdown {
  originalFee: Halalas;
  amanaFee: Halalas;
  vatBase: Halalas;
  vat: Halalas;
  total: Halalas;
}

/** Total = original + Amana + VAT on the parts the setup names (DESIGN §5 Money). */
export function computeFees(setup: FeeRule): FeeBreakdown {
  const amanaFee =
    setup.amanaFee.kind === 'amount'
      ? setup.amanaFee.amount
      : percentOf(setup.originalFee, setup.amanaFee.rate);
  const vatBase = (setup.vatOnOriginal ? setup.originalFee : 0) + (setup.vatOnAmana ? amanaFee : 0);
  const vat = percentOf(vatBase, setup.vatRate);
  return {
    originalFee: setup.originalFee,
    amanaFee,
    vatBase,
    vat,
    total: setup.originalFee + amanaFee + vat,
  };
}
