import { centreDayStart, type RevenueQuery, type RevenueReport, type RevenueRow } from '@tasreeh/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { reportBranchOf } from './policy.ts';

/**
 * Finance reports (issue 13, F5): revenue of a period from the stored payments, one grouped SQL
 * statement. Revenue is every paid payment for a booking or a product (whatever its method, the
 * balance included: that is when an advance becomes revenue) dated by when it was paid, minus the
 * credit notes issued in the period, dated by their issue. Advances are not revenue: money owed
 * to the payer until spent. Days are the centre's (Riyadh).
 */

const YEAR_MS = 366 * 86_400_000;

/** How revenue is grouped: the report's groupings, and by month and paying corporate (the dashboard's). */
const KEYS = {
  day: sql`to_char(m.at at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`,
  month: sql`to_char(m.at at time zone 'Asia/Riyadh', 'YYYY-MM')`,
  branch: sql`coalesce(p.branch_id::text, '-')`,
  corporate: sql`coalesce(p.payer_corporate_id::text, '-')`,
  method: sql`p.method`,
  course: sql`coalesce('course:' || c.id::text, 'product:' || pr.id::text, '-')`,
} as const;
export type RevenueKey = keyof typeof KEYS;

const LABELS = {
  day: { en: KEYS.day, ar: KEYS.day },
  month: { en: KEYS.month, ar: KEYS.month },
  branch: { en: sql`coalesce(max(b.name_en), '-')`, ar: sql`coalesce(max(b.name_ar), '-')` },
  corporate: { en: sql`coalesce(max(co.name_en), '-')`, ar: sql`coalesce(max(co.name_ar), '-')` },
  method: { en: sql`p.method`, ar: sql`p.method` },
  course: {
    en: sql`coalesce(max(c.name_en), max(pr.name_en), '-')`,
    ar: sql`coalesce(max(c.name_ar), max(pr.name_ar), '-')`,
  },
} as const satisfies Record<RevenueKey, unknown>;

interface Raw {
  key: string;
  label_en: string;
  label_ar: string;
  payments: string | number;
  credit_notes: string | number;
  subtotal: string | number;
  amana_fee: string | number;
  vat: string | number;
  total: string | number;
}

/** Instants from `from` (included) to `to` (excluded); one branch's payments when `branchId` is given. */
export interface RevenueScope {
  from: Date;
  to: Date;
  branchId?: number;
}

/** Revenue of a scope per group, ordered by key: the one query every revenue figure is read from. */
export async function revenueRows(db: Db, scope: RevenueScope, groupBy: RevenueKey): Promise<RevenueRow[]> {
  const branch = scope.branchId !== undefined ? sql`and p.branch_id = ${scope.branchId}` : sql``;
  const range = (column: ReturnType<typeof sql>) =>
    sql`${column} >= ${scope.from.toISOString()}::timestamptz and ${column} < ${scope.to.toISOString()}::timestamptz`;
  const key = KEYS[groupBy];
  const label = LABELS[groupBy];
  const result = await db.execute(sql`
    with movements as (
      select p.id as payment_id, p.paid_at as at, 1 as is_payment, 0 as is_credit_note,
             p.subtotal, p.amana_fee, p.vat, p.amount as total
      from payments p
      where p.status = 'paid' and p.purpose <> 'advance' and ${range(sql`p.paid_at`)} ${branch}
      union all
      select i.payment_id, i.issued_at, 0, 1, -i.subtotal, -i.amana_fee, -i.vat, -i.total
      from invoices i join payments p on p.id = i.payment_id
      where i.kind = 'credit_note' and p.purpose <> 'advance' and ${range(sql`i.issued_at`)} ${branch}
    )
    select ${key} as key, ${label.en} as label_en, ${label.ar} as label_ar,
           sum(m.is_payment) as payments, sum(m.is_credit_note) as credit_notes,
           sum(m.subtotal) as subtotal, sum(m.amana_fee) as amana_fee, sum(m.vat) as vat, sum(m.total) as total
    from movements m
    join payments p on p.id = m.payment_id
    left join branches b on b.id = p.branch_id
    left join corporates co on co.id = p.payer_corporate_id
    left join bookings bk on bk.id = p.booking_id
    left join scheduled_sessions s on s.id = bk.session_id
    left join courses c on c.id = s.course_id
    left join products pr on pr.id = p.product_id
    group by 1
    order by 1`);
  return (result as unknown as { rows: Raw[] }).rows.map((row) => ({
    key: String(row.key),
    labelEn: String(row.label_en),
    labelAr: String(row.label_ar),
    payments: Number(row.payments),
    creditNotes: Number(row.credit_notes),
    subtotal: Number(row.subtotal),
    amanaFee: Number(row.amana_fee),
    vat: Number(row.vat),
    total: Number(row.total),
  }));
}

export async function revenue(ctx: Ctx, query: RevenueQuery): Promise<RevenueReport> {
  const from = centreDayStart(query.from);
  const to = centreDayStart(query.to, 1);
  if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > YEAR_MS)
    throw new AppError('REPORT_PERIOD_INVALID', { status: 400, fields: { to: 'REPORT_PERIOD_INVALID' } });
  const actor = actorOf(ctx);
  const rows = await revenueRows(ctx.db, { from, to, branchId: reportBranchOf(actor) }, query.groupBy);
  const totals = { payments: 0, creditNotes: 0, subtotal: 0, amanaFee: 0, vat: 0, total: 0 };
  for (const row of rows)
    for (const field of Object.keys(totals) as (keyof typeof totals)[]) totals[field] += row[field];
  return { from: query.from, to: query.to, groupBy: query.groupBy, rows, totals };
}

const riyals = (halalas: number) => (halalas / 100).toFixed(2);
const HEADERS = {
  en: [
    'Group',
    'Payments',
    'Credit notes',
    'Before VAT (SAR)',
    'Amanah fee (SAR)',
    'VAT (SAR)',
    'Total (SAR)',
  ],
  ar: [
    'المجموعة',
    'المدفوعات',
    'الإشعارات الدائنة',
    'قبل الضريبة (ريال)',
    'رسوم الأمانة (ريال)',
    'الضريبة (ريال)',
    'الإجمالي (ريال)',
  ],
};
const TOTAL_LABEL = { en: 'Total', ar: 'الإجمالي' };

function tableOf(report: RevenueReport, lang: 'en' | 'ar'): (string | number)[][] {
  const line = (label: string, row: RevenueReport['totals']) => [
    label,
    row.payments,
    row.creditNotes,
    riyals(row.subtotal),
    riyals(row.amanaFee),
    riyals(row.vat),
    riyals(row.total),
  ];
  return [
    HEADERS[lang],
    ...report.rows.map((row) => line(lang === 'ar' ? row.labelAr : row.labelEn, row)),
    line(TOTAL_LABEL[lang], report.totals),
  ];
}

/** The report as CSV (UTF-8 with its byte-order mark, for spreadsheet programs). */
export function revenueCsv(report: RevenueReport, lang: 'en' | 'ar'): Buffer {
  const cell = (value: string | number) => {
    const text = String(value);
    // A cell starting like a formula is quoted with a leading apostrophe (CSV injection).
    const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const lines = tableOf(report, lang).map((row) => row.map(cell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The report as an XLSX workbook, right to left in Arabic. */
export async function revenueXlsx(report: RevenueReport, lang: 'en' | 'ar'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  const sheet = workbook.addWorksheet(`${report.from} ${report.to}`.slice(0, 31), {
    views: [{ rightToLeft: lang === 'ar', state: 'frozen', ySplit: 1 }],
  });
  for (const row of tableOf(report, lang))
    sheet.addRow(row.map((value, index) => (index >= 3 ? Number(value) : value)));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(sheet.rowCount).font = { bold: true };
  for (const index of [4, 5, 6, 7]) sheet.getColumn(index).numFmt = '#,##0.00';
  sheet.getColumn(1).width = 32;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
