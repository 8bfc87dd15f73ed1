import { LIST_COUNT_CAP, type ListCount, normalizeDigits } from '@tasreeh/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  lt,
  lte,
  or,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';

type CursorValue = string | number;

/**
 * What a sort column holds, and so what a cursor's value must be: text (the default), a whole
 * number, a timestamp or a calendar day (a `date` column, its cursor `YYYY-MM-DD`).
 */
export type SortKind = 'text' | 'integer' | 'timestamp' | 'date';

/**
 * How a list sorts by one key: its column (or an expression of columns, such as a folded name),
 * and how a row gives that key's value for the cursor.
 */
export interface SortSpec<Row> {
  column: AnyColumn | SQL;
  valueOf(row: Row): CursorValue;
  /** A timestamp's cursor holds it as an ISO string. */
  kind?: SortKind;
  /**
   * A text key that orders rows equal on the first before their id does (a name by the
   * other-language name): when one index holds both keys, a page of rows sharing a common
   * name is read straight from it, not sorted out of all of them.
   */
  tie?: { column: AnyColumn | SQL; valueOf(row: Row): string };
}

/** Where a page ended: its last row's sort key, tie key (when the sort has one) and id. */
interface Cursor {
  value: CursorValue;
  tie?: string;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  const keys = cursor.tie === undefined ? [cursor.value, cursor.id] : [cursor.value, cursor.tie, cursor.id];
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

function invalidCursor(): AppError {
  return new AppError('INVALID_VALUE', { status: 400, fields: { cursor: 'INVALID_VALUE' } });
}

/** The cursor's value as the driver takes it, refused when it is not of the column's kind. */
function driverValueOf(value: CursorValue, kind: SortKind): string | number | Date {
  if (kind === 'integer') {
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    throw invalidCursor();
  }
  if (typeof value !== 'string') throw invalidCursor();
  if (kind === 'text') return value;
  if (kind === 'date') {
    // A real day: the calendar gives it back as written (not 2026-02-31, which rolls into March).
    const day = new Date(`${value}T00:00:00Z`);
    if (
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(day.getTime()) &&
      day.toISOString().startsWith(value)
    )
      return value;
    throw invalidCursor();
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalidCursor();
  return date;
}

/** A cursor this list wrote: its sort key, its tie key exactly when the sort has one, and an id. */
function decodeCursor(text: string, withTie: boolean): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === (withTie ? 3 : 2)) {
      const [value, tie, id] = withTie ? (parsed as unknown[]) : [parsed[0], undefined, parsed[1]];
      if (
        (typeof value === 'string' || typeof value === 'number') &&
        (!withTie || typeof tie === 'string') &&
        Number.isSafeInteger(id)
      ) {
        return { value, tie: tie as string | undefined, id: id as number };
      }
    }
  } catch {
    // fall through: a cursor we did not write
  }
  throw invalidCursor();
}

/** A keyset list's order: by the sort key, its tie key if it has one, then the id. */
export function keysetOrder<Row>(spec: SortSpec<Row>, idColumn: AnyColumn, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  const keys = spec.tie ? [spec.column, spec.tie.column, idColumn] : [spec.column, idColumn];
  return keys.map((key) => direction(key));
}

type Comparison = typeof eq;

/** A comparison of a sort key, a column or an expression (both overloads of each operator). */
function compareKey(op: Comparison, key: AnyColumn | SQL, value: unknown): SQL {
  return key instanceof SQL ? op(key, value) : op(key, value);
}

/**
 * Keyset pagination: the condition for rows after the cursor, and the order, by the sort key
 * (and tie key) then the id (so equal keys never repeat or skip a row between pages).
 */
export function keyset<Row>(
  spec: SortSpec<Row>,
  idColumn: AnyColumn,
  order: 'asc' | 'desc',
  cursorText: string | undefined,
): { after: SQL | undefined; orderBy: SQL[] } {
  const orderBy = keysetOrder(spec, idColumn, order);
  if (!cursorText) return { after: undefined, orderBy };
  const cursor = decodeCursor(cursorText, spec.tie !== undefined);
  const value = driverValueOf(cursor.value, spec.kind ?? 'text');
  const [beyond, from] = order === 'asc' ? [gt, gte] : [lt, lte];
  const compare = (op: Comparison) => compareKey(op, spec.column, value);
  const afterId = beyond(idColumn, cursor.id);
  const { tie } = spec;
  const afterTie =
    tie && cursor.tie !== undefined
      ? or(compareKey(beyond, tie.column, cursor.tie), and(compareKey(eq, tie.column, cursor.tie), afterId))
      : afterId;
  // The first condition says the same as the second's first half; alone it bounds an index walk.
  return { after: and(compare(from), or(compare(beyond), and(compare(eq), afterTie))), orderBy };
}

/**
 * The cursor of a list read newest first by id (payments, refund requests, advances, Amanah
 * invoices): the last row's id, refused unless a whole number.
 */
export function idCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const id = Number(cursor);
  if (!/^\d{1,10}$/.test(cursor) || !Number.isSafeInteger(id)) throw invalidCursor();
  return id;
}

/** Cuts a newest-first-by-id page (limit + 1 rows fetched) into its items and the next page's cursor. */
export function idPageOf<Row extends { id: number }>(rows: Row[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? String(last.id) : null };
}

/** Cuts the extra row a list query fetched (limit + 1) into the next page's cursor. */
export function pageOf<Row extends Keyed, Keyed extends { id: number }>(
  rows: Row[],
  limit: number,
  spec: SortSpec<Keyed>,
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ value: spec.valueOf(last), tie: spec.tie?.valueOf(last), id: last.id })
      : null;
  return { items, nextCursor };
}

/** Text for a LIKE pattern, its own %, _ and backslash taken literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A search term as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containsPattern(term: string): string {
  return `%${likeLiteral(term)}%`;
}

/**
 * What a search term looks for in a lower-cased search column: the term lower-cased, digits in
 * any script as ASCII, and a local phone number typed with its leading 0 without it (so that it
 * also finds the stored +966 form).
 */
export function searchNeedle(term: string): string {
  const text = normalizeDigits(term.trim()).toLowerCase();
  return /^0\d{3,}$/.test(text) ? text.slice(1) : text;
}

/** Rows whose lower-cased search column holds the term (see `searchNeedle`). */
export function matchesSearch(searchColumn: AnyColumn, term: string): SQL {
  return sql`${searchColumn} like ${containsPattern(searchNeedle(term))}`;
}

/** What a list request says about its page: the order, the cursor of the page before, the size. */
export interface PageRequest {
  order: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/**
 * One keyset page of a list (no count: a list's count route answers that, once per filter).
 * `rows` is the list's select (joins included) made `$dynamic()`; `where` its filters.
 */
export async function keysetPage<Query extends PgSelect, Keyed extends { id: number }>(
  request: PageRequest,
  list: { rows: Query; where: SQL | undefined; sort: SortSpec<Keyed>; idColumn: AnyColumn },
) {
  const { after, orderBy } = keyset(list.sort, list.idColumn, request.order, request.cursor);
  const rows = await list.rows
    .where(and(list.where, after))
    .orderBy(...orderBy)
    .limit(request.limit + 1);
  // The rows a dynamic select gives are its result's, which TypeScript cannot see through the generic.
  const found = rows as (Query['_']['result'][number] & Keyed)[];
  return pageOf(found, request.limit, list.sort);
}

/** The select a count route counts: one constant per row of the tables a list's filters need. */
export function matchingRows(db: Db) {
  return db.select({ one: sql<number>`1`.as('one') });
}

/**
 * How many rows a list's filters match, reading at most LIST_COUNT_CAP + 1 of them: beyond
 * the cap the answer is the cap, `capped`. `matching` is `matchingRows(db).from(…)` with the
 * list's own where-builder applied, made `$dynamic()`.
 */
export async function countMatches(db: Db, matching: PgSelect): Promise<ListCount> {
  const counted = matching.limit(LIST_COUNT_CAP + 1).as('matching');
  const [row] = await db.select({ total: count() }).from(counted);
  return cappedCount(row?.total ?? 0);
}

/** A count of rows read up to `cap` + 1, as a list's count route answers it. */
export function cappedCount(total: number, cap = LIST_COUNT_CAP): ListCount {
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/** Rows where any of the columns holds the term, case folded (a LIKE pattern, its % and _ literal). */
export function matchesAnyColumn(term: string, columns: readonly AnyColumn[]): SQL | undefined {
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}
