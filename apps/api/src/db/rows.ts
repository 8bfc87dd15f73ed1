/** Rows of `db.execute` (both drivers answer `{ rows }`). */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
