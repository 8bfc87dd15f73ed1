import {
  type AmanaInvoice,
  type AmanaInvoiceCountQuery,
  type AmanaInvoiceDetail,
  type AmanaInvoiceInput,
  type AmanaInvoiceIssued,
  type AmanaInvoiceLine,
  type AmanaInvoiceListQuery,
  type AmanaInvoicePage,
  type AmanaInvoiceStatus,
  type AmanaVerified,
  type AmanaVerifyInput,
  centreDay,
  type ListCount,
  normalizeDigits,
  translateMessage,
} from '@tasreeh/shared';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  amanaBatches,
  amanaInvoiceLines,
  amanaInvoices,
  branches,
  corporates,
  invoices,
  payments,
  students,
  users,
} from '../../db/schema/index.ts';
import { AppError, invalidField, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import { nextInSeries } from '../../lib/document-series.ts';
import { postJournal } from '../../lib/journal.ts';
import { countMatches, idCursor, idPageOf, likeLiteral, matchingRows } from '../../lib/keyset.ts';
import { amanaInvoicePdf } from './pdf.ts';
import { amanaInvoicesPolicy, invoiceScopeOf } from './policy.ts';

/** The first instant of a Riyadh day. */
const riyadhStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextRiyadhStart = (day: string) => new Date(riyadhStart(day).getTime() + 86_400_000);

const lineCount = sql<number>`(select count(*)::int from amana_invoice_lines l where l.amana_invoice_id = ${amanaInvoices.id})`;
const verifiedCount = sql<number>`(select count(*)::int from amana_invoice_lines l where l.amana_invoice_id = ${amanaInvoices.id} and l.batch_id is not null)`;

function selectInvoices(ctx: Ctx) {
  return ctx.db
    .select({
      invoice: amanaInvoices,
      branchNameEn: branches.nameEn,
      branchNameAr: branches.nameAr,
      lineCount,
      verifiedCount,
    })
    .from(amanaInvoices)
    .innerJoin(branches, eq(branches.id, amanaInvoices.branchId));
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

function toInvoice(ctx: Ctx, row: InvoiceRow): AmanaInvoice {
  const invoice = row.invoice;
  return {
    id: invoice.id,
    number: invoice.number,
    branchId: invoice.branchId,
    branchNameEn: row.branchNameEn,
    branchNameAr: row.branchNameAr,
    periodFrom: invoice.periodFrom,
    periodTo: invoice.periodTo,
    amount: invoice.amount,
    status: invoice.status,
    lineCount: Number(row.lineCount),
    verifiedCount: Number(row.verifiedCount),
    issuedAt: invoice.issuedAt.toISOString(),
    abilities: amanaInvoicesPolicy.abilities(ctx.actor, invoice, ['verify']),
  };
}

function filtersOf(actor: Actor, query: AmanaInvoiceCountQuery): SQL | undefined {
  return and(
    invoiceScopeOf(actor),
    query.branchId ? eq(amanaInvoices.branchId, query.branchId) : undefined,
    query.status ? eq(amanaInvoices.status, query.status) : undefined,
    query.from ? gte(amanaInvoices.periodTo, query.from) : undefined,
    query.to ? lte(amanaInvoices.periodFrom, query.to) : undefined,
    query.search ? ilike(amanaInvoices.number, `%${likeLiteral(normalizeDigits(query.search))}%`) : undefined,
  );
}

/** amana-invoice: the invoices, newest first, by keyset on the id. */
export async function listAmanaInvoices(ctx: Ctx, query: AmanaInvoiceListQuery): Promise<AmanaInvoicePage> {
  const actor = actorOf(ctx);
  const after = idCursor(query.cursor);
  const rows = await selectInvoices(ctx)
    .where(and(filtersOf(actor, query), after === undefined ? undefined : lt(amanaInvoices.id, after)))
    .orderBy(desc(amanaInvoices.id))
    .limit(query.limit + 1);
  return idPageOf(
    rows.map((row) => toInvoice(ctx, row)),
    query.limit,
  );
}

export async function countAmanaInvoices(ctx: Ctx, query: AmanaInvoiceCountQuery): Promise<ListCount> {
  const actor = actorOf(ctx);
  return countMatches(
    ctx.db,
    matchingRows(ctx.db).from(amanaInvoices).where(filtersOf(actor, query)).$dynamic(),
  );
}

const studentUsers = alias(users, 'student_users');

/** An invoice's lines with their payer: a student's name and ID number, or a corporate's name and CR. */
async function linesOf(ctx: Ctx, invoiceId: number, lineIds?: number[]): Promise<AmanaInvoiceLine[]> {
  const rows = await ctx.db
    .select({
      line: amanaInvoiceLines,
      paidAt: payments.paidAt,
      studentNameEn: studentUsers.nameEn,
      studentNameAr: studentUsers.nameAr,
      idNumber: studentUsers.idNumber,
      corporateNameEn: corporates.nameEn,
      corporateNameAr: corporates.nameAr,
      crNumber: corporates.crNumber,
      batchNumber: amanaBatches.batchNumber,
      verifiedAt: amanaBatches.verifiedAt,
    })
    .from(amanaInvoiceLines)
    .innerJoin(payments, eq(payments.id, amanaInvoiceLines.paymentId))
    .leftJoin(students, eq(students.id, amanaInvoiceLines.studentId))
    .leftJoin(studentUsers, eq(studentUsers.id, students.userId))
    .leftJoin(corporates, eq(corporates.id, amanaInvoiceLines.corporateId))
    .leftJoin(amanaBatches, eq(amanaBatches.id, amanaInvoiceLines.batchId))
    .where(
      and(
        eq(amanaInvoiceLines.amanaInvoiceId, invoiceId),
        lineIds ? inArray(amanaInvoiceLines.id, lineIds) : undefined,
      ),
    )
    .orderBy(amanaInvoiceLines.id);
  return rows.map((row) => ({
    id: row.line.id,
    paymentId: row.line.paymentId,
    paidAt: row.paidAt?.toISOString() ?? null,
    studentId: row.line.studentId,
    corporateId: row.line.corporateId,
    payerNameEn: row.studentNameEn ?? row.corporateNameEn ?? '',
    payerNameAr: row.studentNameAr ?? row.corporateNameAr ?? '',
    reference: (row.line.studentId !== null ? row.idNumber : row.crNumber) ?? '',
    amount: row.line.amount,
    batchNumber: row.batchNumber,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
  }));
}

async function findInvoice(ctx: Ctx, id: number): Promise<AmanaInvoice> {
  const actor = actorOf(ctx);
  const [row] = await selectInvoices(ctx).where(and(invoiceScopeOf(actor), eq(amanaInvoices.id, id)));
  if (!row) throw notFound();
  return toInvoice(ctx, row);
}

/** amana-invoice/{id}: the invoice and its lines (each payer with its student ID or corporate CR, and batch). */
export async function getAmanaInvoice(ctx: Ctx, id: number): Promise<AmanaInvoiceDetail> {
  const invoice = await findInvoice(ctx, id);
  return { ...invoice, lines: await linesOf(ctx, id) };
}

/** The tax invoice number (`INV-`) of each of these payments that has one. */
async function paymentInvoiceNumbers(ctx: Ctx, paymentIds: number[]): Promise<Map<number, string>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ paymentId: invoices.paymentId, number: invoices.number })
    .from(invoices)
    .where(and(inArray(invoices.paymentId, paymentIds), eq(invoices.kind, 'invoice')));
  return new Map(rows.map((row) => [row.paymentId, row.number]));
}

/** The invoice as a bilingual PDF, for whoever may read it (404 outside the caller's branch). */
export async function getAmanaInvoicePdf(
  ctx: Ctx,
  id: number,
  seller: Config['seller'],
): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await getAmanaInvoice(ctx, id);
  const numbers = await paymentInvoiceNumbers(
    ctx,
    invoice.lines.map((line) => line.paymentId),
  );
  return { number: invoice.number, pdf: amanaInvoicePdf(invoice, numbers, seller) };
}

/**
 * Writes the invoice of a branch and period inside the caller's transaction: its lines (every paid
 * payment of the branch paid in those Riyadh days with an Amanah fee and on no invoice yet), its
 * `AMN-` number and its journal entry. The demo seed issues its invoice through it too.
 */
export async function writeAmanaInvoice(
  db: Db,
  input: AmanaInvoiceInput,
  createdByUserId: number,
): Promise<{ id: number; number: string }> {
  const due = await db
    .select({
      id: payments.id,
      amanaFee: payments.amanaFee,
      studentId: payments.payerStudentId,
      corporateId: payments.payerCorporateId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.branchId, input.branchId),
        eq(payments.status, 'paid'),
        sql`${payments.amanaFee} > 0`,
        gte(payments.paidAt, riyadhStart(input.periodFrom)),
        lt(payments.paidAt, nextRiyadhStart(input.periodTo)),
        sql`not exists (select 1 from amana_invoice_lines l where l.payment_id = ${payments.id})`,
      ),
    )
    .orderBy(payments.paidAt, payments.id);
  if (due.length === 0) throw new AppError('AMANA_NOTHING_TO_INVOICE', { status: 400 });
  const amount = due.reduce((sum, payment) => sum + payment.amanaFee, 0);
  const number = await nextInSeries(db, 'AMN');
  const [invoice] = await db
    .insert(amanaInvoices)
    .values({
      number,
      branchId: input.branchId,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      amount,
      createdByUserId: createdByUserId,
    })
    .returning();
  if (!invoice) throw new Error('amana invoice not inserted');
  await db.insert(amanaInvoiceLines).values(
    due.map((payment) => ({
      amanaInvoiceId: invoice.id,
      paymentId: payment.id,
      studentId: payment.studentId,
      corporateId: payment.corporateId,
      amount: payment.amanaFee,
    })),
  );
  await postJournal(db, {
    day: centreDay(invoice.issuedAt),
    source: 'amana_invoice',
    sourceId: invoice.id,
    branchId: invoice.branchId,
    memo: `Amanah invoice ${number}`,
    lines: [
      { role: 'amana_payable', debit: amount },
      { role: 'bank', credit: amount },
    ],
  });
  return { id: invoice.id, number };
}

/**
 * Issues the Amanah's invoice of a branch and period (create_10 or create_18): one line per paid
 * payment of that branch paid in the period (Riyadh days) with an Amanah fee and on no invoice yet,
 * numbered `AMN-` from its own gap-free series, and posts Dr amana_payable / Cr bank. Two issues of
 * one period at once: the second finds its payments taken (a payment is invoiced once) → 409.
 */
export const issueAmanaInvoice = command({
  name: 'amana_invoice.create',
  entity: 'amana_invoices',
  idempotency: 'required',
  authorize: amanaInvoicesPolicy.authorizeBy('issue', (ctx, input: AmanaInvoiceInput) => {
    amanaInvoicesPolicy.assert(ctx.actor, 'issue', undefined);
    amanaInvoicesPolicy.assert(ctx.actor, 'issueBranch', input);
  }),
  run: async (ctx, input: AmanaInvoiceInput): Promise<AmanaInvoiceIssued> => {
    const actor = actorOf(ctx);
    const [branch] = await ctx.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.id, input.branchId));
    if (!branch) throw invalidField('branchId', 'SELECT_BRANCH');
    const { id, number } = await writeAmanaInvoice(ctx.db, input, actor.userId);
    const issued = await findInvoice(ctx, id);
    return { ...issued, message: translateMessage('AMANA_INVOICE_ISSUED', ctx.lang, { number }) };
  },
  audit: ({ result }) => ({ entityId: result.id, after: { number: result.number, amount: result.amount } }),
  duplicate: (constraint) =>
    constraint === 'amana_invoice_lines_payment_id_unique'
      ? new AppError('AMANA_ALREADY_INVOICED', { status: 409 })
      : new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 }),
});

/**
 * amana-invoice-verification (edit_18): verifies lines of an invoice under a new batch number. Each
 * line comes with the student ID or corporate CR the screen showed, checked against the line's payer.
 * The invoice is locked first, so two verifications of the same lines at once verify them once.
 */
export const verifyAmanaBatch = command({
  name: 'amana_invoice.verify',
  entity: 'amana_invoices',
  idempotency: 'required',
  load: async (ctx, input: AmanaVerifyInput & { id: number }) => {
    const actor = actorOf(ctx);
    const [invoice] = await ctx.db
      .select({ id: amanaInvoices.id, status: amanaInvoices.status })
      .from(amanaInvoices)
      .where(and(invoiceScopeOf(actor), eq(amanaInvoices.id, input.id)))
      .for('update');
    if (!invoice) throw notFound();
    return invoice;
  },
  // edit_18 (403), then an invoice not yet wholly verified (409 AMANA_ALREADY_VERIFIED).
  authorize: amanaInvoicesPolicy.authorizeBy(
    'verify',
    (ctx, _input, invoice: { id: number; status: AmanaInvoiceStatus }) => {
      amanaInvoicesPolicy.assert(ctx.actor, 'verifyBatches', undefined);
      amanaInvoicesPolicy.assert(ctx.actor, 'verify', invoice);
    },
  ),
  run: async (ctx, input, invoice): Promise<AmanaVerified> => {
    const actor = actorOf(ctx);
    const wanted = new Map<number, string>();
    for (const line of input.lines) wanted.set(line.lineId, normalizeDigits(line.reference.trim()));
    const ids = [...wanted.keys()];
    const lines = await linesOf(ctx, invoice.id, ids);
    if (lines.length !== ids.length) throw new AppError('AMANA_LINE_NOT_ON_INVOICE', { status: 400 });
    if (lines.some((line) => line.batchNumber !== null)) {
      throw new AppError('AMANA_ALREADY_VERIFIED', { status: 409 });
    }
    if (lines.some((line) => line.reference === '' || wanted.get(line.id) !== line.reference)) {
      throw new AppError('AMANA_REFERENCE_MISMATCH', { status: 400 });
    }
    const batchNumber = normalizeDigits(input.batchNumber);
    const [used] = await ctx.db
      .select({ id: amanaBatches.id })
      .from(amanaBatches)
      .where(eq(amanaBatches.batchNumber, batchNumber));
    if (used) throw new AppError('AMANA_BATCH_USED', { status: 409 });
    const [batch] = await ctx.db
      .insert(amanaBatches)
      .values({ batchNumber, verifiedByUserId: actor.userId })
      .returning({ id: amanaBatches.id });
    if (!batch) throw new Error('amana batch not inserted');
    const verified = await ctx.db
      .update(amanaInvoiceLines)
      .set({ batchId: batch.id })
      .where(
        and(
          eq(amanaInvoiceLines.amanaInvoiceId, invoice.id),
          inArray(amanaInvoiceLines.id, ids),
          isNull(amanaInvoiceLines.batchId),
        ),
      )
      .returning({ id: amanaInvoiceLines.id });
    if (verified.length !== ids.length) throw new AppError('AMANA_ALREADY_VERIFIED', { status: 409 });
    const [open] = await ctx.db
      .select({ left: count() })
      .from(amanaInvoiceLines)
      .where(and(eq(amanaInvoiceLines.amanaInvoiceId, invoice.id), isNull(amanaInvoiceLines.batchId)));
    const status: AmanaInvoiceStatus = Number(open?.left ?? 0) === 0 ? 'verified' : 'partly_verified';
    await ctx.db
      .update(amanaInvoices)
      .set({ status, updatedAt: new Date() })
      .where(eq(amanaInvoices.id, invoice.id));
    return {
      batchNumber,
      verifiedLines: verified.length,
      status,
      message: translateMessage('VERIFICATION_SUCCESSFUL', ctx.lang),
    };
  },
  audit: ({ input, before, result }) => ({
    entityId: input.id,
    before,
    after: {
      status: result.status,
      batchNumber: result.batchNumber,
      lineIds: input.lines.map((l) => l.lineId),
    },
  }),
  duplicate: (constraint) =>
    constraint === 'amana_batches_batch_number_unique'
      ? new AppError('AMANA_BATCH_USED', { status: 409 })
      : new AppError('AMANA_ALREADY_VERIFIED', { status: 409 }),
});
