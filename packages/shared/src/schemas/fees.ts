import { LEDGER_ROLES } from '../finance.ts';
import type { MessageCode } from '../messages.ts';
import { type BasisPoints, computeFees, type FeeBreakdown, parseRiyals } from '../money.ts';
import { z } from '../zod.ts';
import { Abilities } from './abilities.ts';
import { englishName, nameText, requiredText } from './common.ts';
import { countQueryOf, listPage, listQuery } from './lists.ts';

export const FEE_SERVICES = ['course', 'exam', 'reassessment', 'retake', 'product', 'other'] as const;
export const AMANA_FEE_KINDS = ['amount', 'percent'] as const;

const riyals = (code: MessageCode) =>
  z.string({ error: code }).transform((value, context) => {
    const halalas = parseRiyals(value);
    if (halalas === undefined) context.addIssue({ code: 'custom', message: code });
    return halalas ?? 0;
  });

/** A percentage typed as "15" or "2.5" (Arabic digits too), kept in basis points. */
const percent = (code: MessageCode) =>
  z.string({ error: code }).transform((value, context) => {
    const hundredths = parseRiyals(value);
    if (hundredths === undefined || hundredths > 10_000) context.addIssue({ code: 'custom', message: code });
    return (hundredths ?? 0) as BasisPoints;
  });

/** A fee setup as finance enters it (fees-setup): amounts typed in riyals, kept in halalas. */
export const FeeSetupInput = z
  .strictObject({
    nameEn: englishName(120),
    nameAr: nameText(120),
    service: z.enum(FEE_SERVICES, { error: 'INVALID_VALUE' }),
    originalFee: riyals('AMOUNT_INVALID'),
    amanaFeeKind: z.enum(AMANA_FEE_KINDS, { error: 'INVALID_VALUE' }),
    /** Riyals when the kind is an amount, a percent of the original fee otherwise. */
    amanaFee: z.string({ error: 'AMOUNT_INVALID' }),
    vatRate: percent('PERCENT_INVALID'),
    vatOnOriginal: z.boolean(),
    vatOnAmana: z.boolean(),
    /** Absent: active on create, unchanged on edit (the column's default, or the stored value). */
    active: z.boolean().optional(),
  })
  .transform((body, context) => {
    // Both an amount (riyals → halalas) and a percent (→ basis points) are read with two decimals.
    const amana = parseRiyals(body.amanaFee);
    const valid = amana !== undefined && (body.amanaFeeKind === 'amount' || amana <= 10_000);
    if (!valid) {
      context.addIssue({
        code: 'custom',
        path: ['amanaFee'],
        message: (body.amanaFeeKind === 'amount'
          ? 'AMOUNT_INVALID'
          : 'PERCENT_INVALID') satisfies MessageCode,
      });
    }
    return { ...body, amanaFee: amana ?? 0 };
  });
export type FeeSetupInput = z.infer<typeof FeeSetupInput>;

/** The total of a setup as stored: the one place its parts are added (shared money module). */
export function breakdownOf(setup: {
  originalFee: number;
  amanaFeeKind: (typeof AMANA_FEE_KINDS)[number];
  amanaFee: number;
  vatRate: number;
  vatOnOriginal: boolean;
  vatOnAmana: boolean;
}): FeeBreakdown {
  return computeFees({
    originalFee: setup.originalFee,
    amanaFee:
      setup.amanaFeeKind === 'amount'
        ? { kind: 'amount', amount: setup.amanaFee }
        : { kind: 'percent', rate: setup.amanaFee },
    vatRate: setup.vatRate,
    vatOnOriginal: setup.vatOnOriginal,
    vatOnAmana: setup.vatOnAmana,
  });
}

export const FeeSetup = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  service: z.enum(FEE_SERVICES),
  originalFee: z.number(),
  amanaFeeKind: z.enum(AMANA_FEE_KINDS),
  /** Halalas for an amount, basis points for a percent. */
  amanaFee: z.number(),
  vatRate: z.number(),
  vatOnOriginal: z.boolean(),
  vatOnAmana: z.boolean(),
  active: z.boolean(),
  breakdown: z.object({
    originalFee: z.number(),
    amanaFee: z.number(),
    vatBase: z.number(),
    vat: z.number(),
    total: z.number(),
  }),
  abilities: Abilities('update'),
});
export type FeeSetup = z.infer<typeof FeeSetup>;

export const FeeSetupListQuery = listQuery(['nameEn', 'nameAr'] as const).extend({
  service: z.enum(FEE_SERVICES).optional(),
});
export const FeeSetupPage = listPage(FeeSetup);
export const FeeSetupCountQuery = countQueryOf(FeeSetupListQuery);

/** A ledger account (ledger-setup): where finance books a service's revenue. */
export const LedgerAccountInput = z.strictObject({
  department: requiredText('REQUIRED', 60),
  businessUnit: requiredText('REQUIRED', 60),
  organization: requiredText('REQUIRED', 60),
  naturalAccount: requiredText('REQUIRED', 60),
  mainAccount: requiredText('REQUIRED', 60),
  /** What the journal posts to it (issue 13); one account per role; left out on an edit: unchanged. */
  role: z.enum(LEDGER_ROLES).nullable().optional(),
});
export const LedgerAccount = LedgerAccountInput.extend({
  id: z.number(),
  role: z.enum(LEDGER_ROLES).nullable(),
  abilities: Abilities('update', 'delete'),
});
export type LedgerAccount = z.infer<typeof LedgerAccount>;

/** Search by any segment; sort by main account, natural account or department. */
export const LedgerAccountListQuery = listQuery(['mainAccount', 'naturalAccount', 'department'] as const);
export const LedgerAccountPage = listPage(LedgerAccount);
export const LedgerAccountCountQuery = countQueryOf(LedgerAccountListQuery);
