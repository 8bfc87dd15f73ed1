import { randomUUID } from 'node:crypto';
import type { AmanaInvoiceDetail } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { branches, payments, products, users } from '../../db/schema/index.ts';
import { demoEmailOf } from '../../seed/demo-users.ts';
import type { TestApp } from '../../test/test-app.ts';

/** The demo teller's branch, where the tests' payments are taken. */
export async function tellerBranchId(t: TestApp): Promise<number> {
  const [teller] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmailOf('Teller')));
  if (!teller?.branchId) throw new Error('no demo teller branch');
  return teller.branchId;
}

/** A fresh branch of its own, so that a test's period holds only the payments it put there. */
export async function newBranch(t: TestApp): Promise<number> {
  const [template] = await t.db.select().from(branches).limit(1);
  if (!template) throw new Error('no demo branch');
  const suffix = randomUUID().slice(0, 6);
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
  const [branch] = await t.db
    .insert(branches)
    .values({ ...rest, code: `T${suffix}`, nameEn: `Amana ${suffix}`, nameAr: `فرع ${suffix}` })
    .returning({ id: branches.id });
  if (!branch) throw new Error('branch not inserted');
  return branch.id;
}

/** A product payment written straight into the database, paid at `paidAt` with an Amanah fee. */
export async function paidPayment(
  t: TestApp,
  options: {
    branchId: number;
    paidAt: Date;
    studentId?: number;
    corporateId?: number;
    amanaFee?: number;
    status?: 'paid' | 'pending';
  },
): Promise<number> {
  const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
  if (!product) throw new Error('no demo product');
  const amanaFee = options.amanaFee ?? 1_000;
  const [row] = await t.db
    .insert(payments)
    .values({
      purpose: 'product',
      productId: product.id,
      payerStudentId: options.studentId ?? null,
      payerCorporateId: options.corporateId ?? null,
      method: 'cash',
      status: options.status ?? 'paid',
      amount: 20_000 + amanaFee + 3_150,
      subtotal: 20_000,
      amanaFee,
      vat: 3_150,
      branchId: options.branchId,
      paidAt: options.status === 'pending' ? null : options.paidAt,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment not inserted');
  return row.id;
}

/**
 * An invoice of a fresh branch for June 2021, issued by finance (`cfo`) over one paid payment per
 * line (a student's or a corporate's), and its detail as the Amanah reads it.
 */
export async function newInvoice(
  t: TestApp,
  tokens: { cfo: string; amanah: string },
  lines: { student?: number; corporate?: number }[],
): Promise<AmanaInvoiceDetail> {
  const branch = await newBranch(t);
  for (const line of lines) {
    await paidPayment(t, {
      branchId: branch,
      studentId: line.student,
      corporateId: line.corporate,
      paidAt: new Date('2021-06-15T10:00:00+03:00'),
    });
  }
  const response = await t.call({
    method: 'POST',
    url: '/api/amana-invoices',
    token: tokens.cfo,
    payload: { branchId: branch, periodFrom: '2021-06-01', periodTo: '2021-06-30' },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (response.statusCode !== 201) throw new Error(`invoice not issued: ${response.body}`);
  const detail = await t.call({
    method: 'GET',
    url: `/api/amana-invoices/${response.json().id}`,
    token: tokens.amanah,
  });
  if (detail.statusCode !== 200) throw new Error(`invoice not read: ${detail.body}`);
  return detail.json<AmanaInvoiceDetail>();
}
