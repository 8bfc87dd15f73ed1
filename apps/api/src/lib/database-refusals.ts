import { toRiyalString } from '@tasreeh/shared';
import { AppError } from './app-error.ts';
import { constraintOf } from './unique-violation.ts';

/** The DETAIL a trigger's refusal carries (PostgreSQL's `detail` field), on the error or the one it wraps. */
function detailOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const candidate of [error, cause]) {
    if (typeof candidate === 'object' && candidate !== null && 'detail' in candidate) {
      return typeof candidate.detail === 'string' ? candidate.detail : undefined;
    }
  }
  return undefined;
}

/**
 * The answer to a refusal by one of our triggers that guard a rule a service checks first: the
 * service's own 409, so a write that got past the service (a race it lost, code that skipped it)
 * is told what the service would have said. Undefined for any other error.
 */
export function triggerRefusalOf(error: unknown): AppError | undefined {
  switch (constraintOf(error)) {
    // The closed-day lock on payments (migrations 0024, 0026): a day its branch has closed takes no payment.
    case 'payments_day_closed':
      return new AppError('DAY_CLOSED', { status: 409 });
    // The settlement step's backstop (migration 0028): no credit note above what is left of its payment.
    case 'invoices_credit_within_paid': {
      const left = Number(detailOf(error) ?? 0);
      // The same answer as the service's (refuseBeyond): on the form's amount field.
      return left > 0
        ? new AppError('REFUND_EXCEEDS_REMAINING', {
            status: 409,
            params: { amount: toRiyalString(left) },
            fields: { amount: 'REFUND_EXCEEDS_REMAINING' },
          })
        : new AppError('NOTHING_LEFT_TO_REFUND', {
            status: 409,
            fields: { amount: 'NOTHING_LEFT_TO_REFUND' },
          });
    }
    default:
      return undefined;
  }
}
