/**
 * One line of `npm run bench`'s table. Throughput and latency figures give `pglite` and
 * `postgres` side by side; figures of one kind only (bundle sizes, Lighthouse scores) give
 * `value`. `target` says what the figure must reach and `met` whether it did.
 */
export interface BenchRow {
  section: string;
  measure: string;
  pglite?: string;
  postgres?: string;
  value?: string;
  target?: string;
  met?: boolean;
}

const COLUMNS = [
  ['section', 'section'],
  ['measure', 'measure'],
  ['PGlite', 'pglite'],
  ['PostgreSQL', 'postgres'],
  ['value', 'value'],
  ['target', 'target'],
  ['met', 'met'],
] as const;

function cellOf(row: BenchRow, key: (typeof COLUMNS)[number][1]): string {
  if (key === 'met') return row.met === undefined ? '' : row.met ? 'yes' : 'NO';
  return row[key] ?? '';
}

/** The rows as one plain-text table, a column only when some row fills it. */
export function formatTable(rows: readonly BenchRow[]): string {
  const columns = COLUMNS.filter(([, key]) => rows.some((row) => cellOf(row, key) !== ''));
  const cells = rows.map((row) => columns.map(([, key]) => cellOf(row, key)));
  const header = columns.map(([title]) => title);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const numeric = (i: number) => i >= 2;
  const format = (line: string[]) =>
    line
      .map((cell, i) => (numeric(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(format)].join(
    '\n',
  );
}

export function printTable(rows: readonly BenchRow[]): void {
  console.log(`\n${formatTable(rows)}\n`);
}

/** A whole number with thousands separators. */
export const count = (value: number) => Math.round(value).toLocaleString('en-US');
/** Milliseconds to one decimal. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;
/** A share as a whole percent. */
export const percent = (share: number) => `${Math.round(share * 100)} %`;
