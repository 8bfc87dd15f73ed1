import {
  type AMANA_FEE_KINDS,
  breakdownOf,
  DEFAULT_VAT_BASIS_POINTS,
  type FeeBreakdown,
  type FeeSetup,
  FeeSetupInput,
  parseRiyals,
  toRiyalString,
} from '@tasreeh/shared';
import { firstIssueCodes } from '../../../components/form/schema-errors.ts';
import type { FeeSetupBody } from '../api.ts';

/** Everything the fee form holds: amounts and rates as typed (any digits), choices as flags. */
export interface FeeFormValues {
  nameEn: string;
  nameAr: string;
  service: string;
  originalFee: string;
  amanaFeeKind: (typeof AMANA_FEE_KINDS)[number];
  amanaFee: string;
  vatRate: string;
  vatOnOriginal: boolean;
  vatOnAmana: boolean;
  active: boolean;
}

/** A stored setup as the form's values: halalas and basis points back to what a person types. */
export function valuesOf(setup: FeeSetup | undefined): FeeFormValues {
  if (!setup) {
    return {
      nameEn: '',
      nameAr: '',
      service: '',
      originalFee: '',
      amanaFeeKind: 'amount',
      amanaFee: '0',
      vatRate: toRiyalString(DEFAULT_VAT_BASIS_POINTS),
      vatOnOriginal: true,
      vatOnAmana: false,
      active: true,
    };
  }
  return {
    nameEn: setup.nameEn,
    nameAr: setup.nameAr,
    service: setup.service,
    originalFee: toRiyalString(setup.originalFee),
    amanaFeeKind: setup.amanaFeeKind,
    // Halalas and basis points both have two decimals: 1500 is "15.00" riyals or "15.00" %.
    amanaFee: toRiyalString(setup.amanaFee),
    vatRate: toRiyalString(setup.vatRate),
    vatOnOriginal: setup.vatOnOriginal,
    vatOnAmana: setup.vatOnAmana,
    active: setup.active,
  };
}

/** The body the API takes: the text trimmed (the amounts stay as typed; the API reads them). */
export function bodyOf(values: FeeFormValues): FeeSetupBody {
  return {
    ...values,
    nameEn: values.nameEn.trim(),
    nameAr: values.nameAr.trim(),
    originalFee: values.originalFee.trim(),
    amanaFee: values.amanaFee.trim(),
    vatRate: values.vatRate.trim(),
  };
}

/** The shared rules' first message per field, the same the API answers with. */
export function validateFee(values: FeeFormValues) {
  return firstIssueCodes(FeeSetupInput, bodyOf(values), values);
}

const MAX_PERCENT = 10_000;

/**
 * The setup's total as it is typed, by the shared money module the API uses (`breakdownOf`);
 * undefined while an amount or a rate is not a valid one.
 */
export function liveBreakdown(values: FeeFormValues): FeeBreakdown | undefined {
  const originalFee = parseRiyals(values.originalFee);
  const amanaFee = parseRiyals(values.amanaFee);
  const vatRate = parseRiyals(values.vatRate);
  if (originalFee === undefined || amanaFee === undefined || vatRate === undefined) return undefined;
  if (vatRate > MAX_PERCENT || (values.amanaFeeKind === 'percent' && amanaFee > MAX_PERCENT))
    return undefined;
  return breakdownOf({
    originalFee,
    amanaFeeKind: values.amanaFeeKind,
    amanaFee,
    vatRate,
    vatOnOriginal: values.vatOnOriginal,
    vatOnAmana: values.vatOnAmana,
  });
}
