import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareOnServer, withServerPrepared } from './server-prepared.ts';

const raw = new PGlite();
const client = withServerPrepared(raw);
afterAll(() => raw.close());

const ECHO = 'select $1::text as text, $2::int as number, $3::boolean as flag, $4::timestamptz as at';

async function preparedNames(): Promise<string[]> {
  const { rows } = await raw.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

describe('withServerPrepared', () => {
  it('runs a marked query as a statement prepared once on the server, its values unchanged', async () => {
    prepareOnServer(ECHO);
    const tricky = "O'Brien \\ ''; drop table x; --";
    const at = new Date('2026-11-25T05:00:00.000Z');
    for (const text of [tricky, 'second run']) {
      const { rows } = await client.query(ECHO, [text, -7, true, at]);
      expect(rows).toEqual([{ text, number: -7, flag: true, at }]);
    }
    expect(await preparedNames()).toEqual([expect.stringMatching(/^tasreeh_hot_\d+$/)]);
    const { rows } = await client.query(ECHO, [null, null, false, null]);
    expect(rows).toEqual([{ text: null, number: null, flag: false, at: null }]);
  });

  it('sends any other query, and values it does not write inline, as they are', async () => {
    const { rows } = await client.query('select $1::int + 1 as next', [1]);
    expect(rows).toEqual([{ next: 2 }]);
    const marked = 'select $1::jsonb as value';
    prepareOnServer(marked);
    const { rows: json } = await client.query(marked, [JSON.stringify({ a: 1 })]);
    expect(json).toEqual([{ value: { a: 1 } }]);
    expect(await preparedNames()).toHaveLength(2);
    // an array value is not written inline: the query runs unnamed
    const array = 'select $1::int[] as value';
    prepareOnServer(array);
    expect((await client.query(array, [[1, 2]])).rows).toEqual([{ value: [1, 2] }]);
    expect(await preparedNames()).toHaveLength(2);
  });
});
