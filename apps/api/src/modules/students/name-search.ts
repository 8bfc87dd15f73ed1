import { SEARCH_COUNT_CAP } from '@tasreeh/shared';
import { and, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { students, users } from '../../db/schema/index.ts';
import { foldedName, searchRestOf } from '../../db/schema/users.ts';
import {
  cappedCount,
  keyset,
  likeLiteral,
  matchesSearch,
  type PageRequest,
  type SortSpec,
  searchNeedle,
} from '../../lib/keyset.ts';

/**
 * Names in the other language beginning with the term are walked one name at a time (each
 * already in list order in its index) when there are at most this many different ones; with
 * more, their matches are read and sorted.
 */
const MAX_OTHER_NAMES = 20;

interface NameSearch<Row> {
  request: PageRequest;
  search: string;
  sort: 'nameEn' | 'nameAr';
  spec: SortSpec<Row>;
  /** The scope and filters of the list, without its search. */
  filtered: SQL | undefined;
}

/**
 * A subquery of the ids of one keyset page (limit + 1 rows) of students whose search text holds a term that
 * is not an ID number, in name order: the same rows, in the same order, as the contains-match
 * on the search text, found in parts that each read little at a million students
 * (decision 0009). A match either
 * - begins the name the list sorts by: a range of that folded name's index, walked in order;
 * - begins the other name: per different name (each a range of the other folded name's index,
 *   also ordered by this one), or read and sorted when more than MAX_OTHER_NAMES differ;
 * - or lies elsewhere (the middle of a name, another field, across the end of a name): through
 *   the trigram index of the search text without the names' first characters, which a term
 *   beginning a name rarely matches, and a name equal to the term's words before a space.
 * Each part is one ordered, limited select of the list's rows; the page is the first rows of
 * their union.
 */
export async function nameSearchPage<Row>(db: Db, search: NameSearch<Row>): Promise<SQL> {
  const { request, spec } = search;
  const { after, orderBy } = keyset(spec, students.id, request.order, request.cursor);
  const size = request.limit + 1;
  const tie = spec.tie?.column ?? sql`null`;
  const parts = await matchingParts(db, search, (where) =>
    db
      .select({ id: students.id, key: sql`${spec.column}`.as('key'), tie: sql`${tie}`.as('tie') })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(search.filtered, where, after))
      .orderBy(...orderBy)
      .limit(size),
  );
  const direction = sql.raw(request.order);
  return sql`(select found.id from (${sql.join(parts, sql` union `)}) as found
    order by found.key ${direction}, found.tie ${direction}, found.id ${direction} limit ${size})`;
}

/**
 * How many students a name search matches, up to SEARCH_COUNT_CAP: the union of the same parts
 * as its pages (`nameSearchPage`), each read only up to the cap, so a common name costs at most
 * the cap's rows of one index range, not every match of the trigram index and each match's
 * student row.
 */
export async function nameSearchCount(db: Db, search: Pick<NameSearch<unknown>, 'search' | 'filtered'>) {
  const size = SEARCH_COUNT_CAP + 1;
  const parts = await matchingParts(db, { ...search, sort: 'nameEn' }, (where, part) => {
    const rows = db
      .select({ id: students.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(and(search.filtered, where))
      .$dynamic();
    // A range of names in its index's order stops at the cap (unordered, PostgreSQL hashed every
    // match of a common name first); the rest in no order (ordered, it walked the name index).
    return (part === 'names' ? rows.orderBy(foldedName(users.nameEn)) : rows).limit(size);
  });
  const result = await db.execute(
    sql`select count(*)::int as total from (select found.id from (${sql.join(parts, sql` union `)}) as found limit ${size}) as counted`,
  );
  // Both drivers answer `execute` with `{ rows }`; the shared Db type leaves the result unknown.
  const [row] = (result as unknown as { rows: { total: number }[] }).rows;
  return cappedCount(row?.total ?? 0, SEARCH_COUNT_CAP);
}

/**
 * The selects (each `select` of one part's condition) whose union is every student whose
 * search text holds the term: names beginning with it in the sorted language, in the other
 * language (both `names`: ranges of a folded name's index), and the `rest` (see `nameSearchPage`).
 */
async function matchingParts(
  db: Db,
  search: Pick<NameSearch<unknown>, 'search' | 'sort'>,
  select: (where: SQL | undefined, part: 'names' | 'rest') => SQLWrapper,
) {
  const needle = searchNeedle(search.search);
  const [own, other] = search.sort === 'nameEn' ? [users.nameEn, users.nameAr] : [users.nameAr, users.nameEn];
  const prefix = `${likeLiteral(needle)}%`;
  const parts = [select(sql`${foldedName(own)} like ${prefix}`, 'names')];
  const otherNames = await namesBeginning(db, other, prefix);
  if (otherNames === undefined) parts.push(select(sql`${foldedName(other)} like ${prefix}`, 'names'));
  else for (const name of otherNames) parts.push(select(eq(foldedName(other), name), 'names'));
  parts.push(select(and(elsewhere(needle), matchesSearch(users.searchText, search.search)), 'rest'));
  return parts;
}

/**
 * Rows that may hold the term other than at the beginning of a name: the term in the search
 * text without the names' first characters; the term running from inside the English name
 * into the Arabic one (that text lacks the Arabic name's first character, so the pattern leaves
 * out the character after the space); a name that is the term's words before a space (the
 * term running on past the name's end). The caller keeps only true matches of the search text.
 */
function elsewhere(needle: string): SQL | undefined {
  const rest = searchRestOf(users);
  const spaces = [...needle.matchAll(/ /g)].map((space) => space.index).filter((index) => index > 0);
  const heads = spaces.map((index) => needle.slice(0, index));
  return or(
    sql`${rest} like ${`%${likeLiteral(needle)}%`}`,
    ...spaces.map(
      (index) =>
        sql`${rest} like ${`%${likeLiteral(needle.slice(0, index + 1))}${likeLiteral(needle.slice(index + 2))}%`}`,
    ),
    heads.length > 0 ? inArray(foldedName(users.nameEn), heads) : undefined,
    heads.length > 0 ? inArray(foldedName(users.nameAr), heads) : undefined,
  );
}

/** How many names one query of `namesBeginning` finds, each from the one before. */
const NAMES_PER_QUERY = 4;

/**
 * The different folded names of students that begin with the pattern's text, in order, each
 * found by one step along the name's index from the one before (NAMES_PER_QUERY steps per
 * query); undefined when more than MAX_OTHER_NAMES. (Not one recursive query: PostgreSQL's
 * estimate of it was high enough to compile it with JIT first, ~70 ms.)
 */
async function namesBeginning(db: Db, name: PgColumn, prefix: string): Promise<string[] | undefined> {
  const key = foldedName(name);
  const next = (after: SQL | undefined) =>
    sql`(select ${key} from ${users} where ${and(eq(users.type, 'student'), sql`${key} like ${prefix}`, after === undefined ? undefined : sql`${key} > ${after}`)} order by 1 limit 1)`;
  const names: string[] = [];
  for (;;) {
    const previous = names.at(-1);
    const steps = [sql`select ${next(previous === undefined ? undefined : sql`${previous}`)} as name`];
    for (let step = 1; step < NAMES_PER_QUERY; step++)
      steps.push(sql`select ${next(sql`s${sql.raw(String(step - 1))}.name`)} as name`);
    const from = sql.join(
      steps.map(
        (step, index) =>
          sql`${index === 0 ? sql`` : sql`cross join lateral `}(${step}) as ${sql.raw(`s${index}`)}`,
      ),
      sql` `,
    );
    const columns = steps.map((_, index) => sql.raw(`s${index}.name`));
    const [row] = await db
      .select({ names: sql<(string | null)[]>`array[${sql.join(columns, sql`, `)}]` })
      .from(from);
    const found = (row?.names ?? []).filter((value): value is string => value !== null);
    names.push(...found);
    if (names.length > MAX_OTHER_NAMES) return undefined;
    if (found.length < NAMES_PER_QUERY) return names;
  }
}
