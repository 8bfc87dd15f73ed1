import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { CardBrand } from '@tasreeh/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/** What the gateway says of a hosted payment when asked with the secret key. */
export interface GatewayPayment {
  id: string;
  /** `paid`: money taken; `failed`: declined, expired or cancelled; `pending`: not finished yet. */
  status: 'paid' | 'failed' | 'pending';
  amount: number;
  currency: string;
  cardBrand: CardBrand | null;
  /** The gateway's own words for a failure (kept on the payment, never shown as is). */
  reason: string | null;
}

/** What makes a refund happen once: its key, and what was refunded of the payment before it. */
export interface RefundOnce {
  key: string;
  refundedBefore: number;
}

/**
 * A card gateway (DESIGN §5 Cards): the payer types the card on the gateway's hosted page, never
 * on ours; a payment is paid only when fetched from the gateway with the secret key.
 */
export interface CardGateway {
  readonly name: 'development' | 'moyasar';
  create(order: {
    amount: number;
    currency: 'SAR';
    description: string;
    paymentId: number;
    callbackUrl: string;
  }): Promise<{ gatewayPaymentId: string; redirectUrl: string }>;
  fetch(gatewayPaymentId: string): Promise<GatewayPayment>;
  /**
   * Refunds part or all of a paid payment, once per `key`: asked again with the same key (a retry
   * after a crash between the gateway's answer and our record of it) it refunds nothing more.
   * `refundedBefore` is what our own records say went back on this payment before this refund.
   */
  refund(gatewayPaymentId: string, amount: number, once: RefundOnce): Promise<{ refundId: string }>;
  /** The gateway payment a webhook is about, when its signature (secret token) is right; else null. */
  verifyWebhook(body: unknown): string | null;
}

/** The gateway refused or could not be reached; `detail` is its own words, for the log only. */
export class GatewayError extends AppError {
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super('PAYMENT_GATEWAY_UNAVAILABLE', { status: 502 });
    this.detail = detail;
  }
}

function unavailable(detail?: string): AppError {
  return new GatewayError(detail);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const BRANDS: Record<string, CardBrand> = {
  visa: 'visa',
  mada: 'mada',
  master: 'mastercard',
  mastercard: 'mastercard',
};

/** Moyasar payment statuses that took money: `refunded` after any refund, partial ones too. */
const REFUNDABLE = new Set(['paid', 'captured', 'refunded']);

/**
 * Moyasar's public REST API (reference/saudi-reference.md § Card gateway): a hosted invoice page
 * (`POST /invoices` → `url`), fetched back by id (`GET /invoices/{id}`) with HTTP Basic auth of
 * the secret key; refunds on the invoice's paid payment; webhooks carrying a secret token.
 */
export function moyasarGateway(options: {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string | undefined;
}): CardGateway {
  const auth = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw unavailable(error instanceof Error ? error.message : undefined);
    }
    if (!response.ok) {
      // Moyasar's error answer is JSON with its own `message` (kept for the log).
      const refusal: unknown = await response.json().catch(() => undefined);
      const words = (refusal as { message?: unknown } | undefined)?.message;
      throw unavailable(`${response.status} ${typeof words === 'string' ? words : ''}`.trim());
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (typeof json !== 'object' || json === null) throw unavailable();
    return json as Record<string, unknown>;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  return {
    name: 'moyasar',
    async create(order) {
      const invoice = await call('POST', '/invoices', {
        amount: order.amount,
        currency: order.currency,
        description: order.description,
        callback_url: order.callbackUrl,
        success_url: order.callbackUrl,
        back_url: order.callbackUrl,
        metadata: { payment_id: String(order.paymentId) },
      });
      const id = text(invoice.id);
      const url = text(invoice.url);
      if (!id || !/^https:\/\//.test(url)) throw unavailable();
      return { gatewayPaymentId: id, redirectUrl: url };
    },
    async fetch(id) {
      const invoice = await call('GET', `/invoices/${encodeURIComponent(id)}`);
      const status = text(invoice.status);
      const payments = Array.isArray(invoice.payments) ? (invoice.payments as Record<string, unknown>[]) : [];
      const paid = payments.find((payment) => payment.status === 'paid');
      const last = paid ?? payments.at(-1);
      const source = (last?.source ?? {}) as Record<string, unknown>;
      return {
        id: text(invoice.id),
        status: status === 'paid' ? 'paid' : status === 'initiated' ? 'pending' : 'failed',
        amount: typeof invoice.amount === 'number' ? invoice.amount : -1,
        currency: text(invoice.currency),
        cardBrand: BRANDS[text(source.company).toLowerCase()] ?? null,
        reason: status === 'paid' ? null : text(source.message) || status || null,
      };
    },
    /**
     * Moyasar documents no idempotency header for refunds, so the refund is made once by looking
     * first: the paid payment's `refunded` (halalas) already covering what we refunded before plus
     * this one means an earlier try went through (its answer lost), and nothing is sent again. This
     * holds because the payout queue sends one refund of a payment at a time (refunds/payouts.ts).
     * The payment is found by a status that took money: after a first (partial) refund it is
     * `refunded`, and a second refund or a resend must still find it.
     */
    async refund(id, amount, once) {
      const invoice = await call('GET', `/invoices/${encodeURIComponent(id)}`);
      const payments = Array.isArray(invoice.payments) ? (invoice.payments as Record<string, unknown>[]) : [];
      const paid = payments.find((payment) => REFUNDABLE.has(text(payment.status)));
      if (!paid) throw unavailable('the invoice has no paid payment');
      const paymentPath = `/payments/${encodeURIComponent(text(paid.id))}`;
      const current = await call('GET', paymentPath);
      const refunded = typeof current.refunded === 'number' ? current.refunded : 0;
      if (refunded < once.refundedBefore + amount) await call('POST', `${paymentPath}/refund`, { amount });
      return { refundId: text(paid.id) };
    },
    verifyWebhook(body) {
      if (!options.webhookSecret || typeof body !== 'object' || body === null) return null;
      const event = body as Record<string, unknown>;
      if (!sameSecret(text(event.secret_token), options.webhookSecret)) return null;
      const data = (event.data ?? {}) as Record<string, unknown>;
      return text(data.invoice_id) || null;
    },
  };
}

export interface DevelopmentPayment {
  id: string;
  amount: number;
  currency: string;
  description: string;
  callbackUrl: string;
  status: 'initiated' | 'paid' | 'failed' | 'abandoned';
  refunded: number;
}

/** A refund the development gateway made: a test counts them. */
export interface DevelopmentRefund {
  key: string;
  gatewayPaymentId: string;
  amount: number;
  refundId: string;
}

/**
 * The development gateway (development and test only): its hosted page is served by this API
 * (`/api/dev-gateway/pay/:id`, loopback callers only) with Approve / Decline / Abandon, and it
 * sends the payer back through the same callback and confirm-by-fetch code as the real one.
 * Its payments live in this process's memory.
 */
export function developmentGateway(): CardGateway & {
  payments: Map<string, DevelopmentPayment>;
  refunds: DevelopmentRefund[];
} {
  const payments = new Map<string, DevelopmentPayment>();
  const refunds: DevelopmentRefund[] = [];
  return {
    name: 'development',
    payments,
    refunds,
    async create(order) {
      const id = `dev_${randomUUID()}`;
      payments.set(id, {
        id,
        amount: order.amount,
        currency: order.currency,
        description: order.description,
        callbackUrl: order.callbackUrl,
        status: 'initiated',
        refunded: 0,
      });
      return { gatewayPaymentId: id, redirectUrl: `/api/dev-gateway/pay/${id}` };
    },
    async fetch(id) {
      const payment = payments.get(id);
      if (!payment) throw unavailable();
      return {
        id,
        status: payment.status === 'paid' ? 'paid' : payment.status === 'initiated' ? 'pending' : 'failed',
        amount: payment.amount,
        currency: payment.currency,
        cardBrand: payment.status === 'paid' ? 'mada' : null,
        reason:
          payment.status === 'failed' ? 'declined' : payment.status === 'abandoned' ? 'abandoned' : null,
      };
    },
    async refund(id, amount, once) {
      const done = refunds.find((refund) => refund.key === once.key);
      if (done) return { refundId: done.refundId };
      // A payment it does not know (the demo's takings, or one made before a restart: its
      // memory is gone) is refunded as asked; one it knows unpaid is refused.
      const payment = payments.get(id);
      if (payment && payment.status !== 'paid') throw unavailable('the payment is not paid');
      if (payment) payment.refunded += amount;
      const refundId = `dev_refund_${randomUUID()}`;
      refunds.push({ key: once.key, gatewayPaymentId: id, amount, refundId });
      return { refundId };
    },
    verifyWebhook() {
      return null;
    },
  };
}

export function createGateway(config: Config): CardGateway {
  if (config.gateway.kind === 'moyasar') return moyasarGateway(config.gateway);
  if (config.env === 'production') throw new Error('the development gateway never runs in production');
  return developmentGateway();
}

const gateways = new WeakMap<Config, CardGateway>();

/**
 * The one gateway of an app (its configuration): the payments and the refunds talk to the same
 * one, so the development gateway's in-memory payments are the ones a refund finds.
 */
export function gatewayFor(config: Config): CardGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = createGateway(config);
    gateways.set(config, gateway);
  }
  return gateway;
}
