import { normalizeDigits } from '@tasreeh/shared';
import { and, eq, inArray, isNotNull, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, corporates, students, users } from '../../db/schema/index.ts';
import {
  countMatches,
  keysetOrder,
  keysetPage,
  matchesSearch,
  matchingRows,
  type PageRequest,
  pageOf,
  type SortSpec,
} from '../../lib/keyset.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { type StudentScope, studentsInScope } from '../../lib/scope.ts';
import { foldedNameAr, foldedNameEn, isoText, selectSummaries, summaryJson } from './columns.ts';
import { nameSearchCount, nameSearchPage } from './name-search.ts';

type Sortable = { id: number; nameEnKey: string; nameArKey: string; createdAt: Date };
/**
 * Names sort folded (case left aside, code point by code point, the same on every database),
 * so that the students whose name begins with a search term are one range of the name's index,
 * already in list order (decision 0009); students of one name by their name in the other
 * language, which that index holds next, so that a page of a common name is read from it too.
 */
export const STUDENT_SORTS: Record<'nameEn' | 'nameAr' | 'createdAt', SortSpec<Sortable>> = {
  nameEn: {
    column: foldedNameEn,
    valueOf: (row) => row.nameEnKey,
    tie: { column: foldedNameAr, valueOf: (row) => row.nameArKey },
  },
  nameAr: {
    column: foldedNameAr,
    valueOf: (row) => row.nameArKey,
    tie: { column: foldedNameEn, valueOf: (row) => row.nameEnKey },
  },
  createdAt: {
    column: students.createdAt,
    valueOf: (row) => row.createdAt.toISOString(),
    kind: 'timestamp',
  },
};

/**
 * A search that looks like an ID number (a passport's letter and digits, or a Saudi ID or
 * Iqama's ten digits from 1 or 2) matches ID numbers that begin with it, through their
 * prefix index: a trigram match of a few characters shared by a hundred thousand numbers
 * would read them all. Anything else matches any part of the search text.
 */
function matchesStudentSearch(term: string): SQL {
  const idNumber = idNumberPrefixOf(term);
  if (idNumber !== undefined) return like(users.idNumber, `${idNumber}%`);
  return matchesSearch(users.searchText, term);
}

/** The ID number a search term begins, when it looks like one (see `matchesStudentSearch`). */
function idNumberPrefixOf(term: string): string | undefined {
  const text = normalizeDigits(term.trim()).toUpperCase();
  return /^[A-Z]{1,2}\d{4,}$/.test(text) || /^[12]\d{9}$/.test(text) ? text : undefined;
}

/** What a student list and its count are filtered by; `scope` is the actor's (never the caller's). */
export interface StudentFilter {
  scope: StudentScope;
  search?: string;
  branchId?: number;
  corporateId?: number;
  onHold?: boolean;
  hasPhoto?: boolean;
  nationality?: string;
  gender?: (typeof students.gender.enumValues)[number];
}

export type StudentListFilter = StudentFilter & PageRequest & { sort: keyof typeof STUDENT_SORTS };

/**
 * The rows a student filter matches. The search matches any part of a name (either
 * language), e-mail, ID number or phone; trigram indexes on each keep that fast on a national scale.
 */
function studentsMatching(filter: StudentFilter) {
  return and(studentsFiltered(filter), filter.search ? matchesStudentSearch(filter.search) : undefined);
}

/** The rows a student filter's scope and filters (not its search) leave. */
function studentsFiltered(filter: StudentFilter) {
  const conditions: (SQL | undefined)[] = [studentsInScope(filter.scope)];
  if (filter.branchId) conditions.push(eq(students.branchId, filter.branchId));
  if (filter.corporateId) conditions.push(eq(students.corporateId, filter.corporateId));
  if (filter.onHold !== undefined) conditions.push(eq(students.onHold, filter.onHold));
  if (filter.hasPhoto !== undefined)
    conditions.push(filter.hasPhoto ? isNotNull(students.photoFileId) : isNull(students.photoFileId));
  if (filter.nationality) conditions.push(eq(students.nationality, filter.nationality));
  if (filter.gender) conditions.push(eq(students.gender, filter.gender));
  // Every student's user is of type student; saying so lets the (type, name) index give the order.
  conditions.push(eq(users.type, 'student'));
  return and(...conditions);
}

type ScopeKind = 'all' | 'branch' | 'corporate';

/** What a list row's cursor holds of its sort key, as text (a timestamp as its ISO string). */
const SORT_VALUES: Record<StudentListFilter['sort'], SQL<string>> = {
  nameEn: sql<string>`${foldedNameEn}`,
  nameAr: sql<string>`${foldedNameAr}`,
  createdAt: isoText(students.createdAt),
};

/** What a list row's cursor holds of its tie key (the other-language name), for the sorts that have one. */
const TIE_VALUES: Record<StudentListFilter['sort'], SQL<string | null>> = {
  nameEn: sql<string>`${foldedNameAr}`,
  nameAr: sql<string>`${foldedNameEn}`,
  createdAt: sql<null>`null`,
};

/**
 * The first page of the whole list in one sort and order, for every student an actor's scope
 * holds (the page every student screen opens with): built and prepared once per database,
 * its scope and size bound as parameters, so that neither the SQL text nor (on PostgreSQL,
 * once its generic plan is chosen) the plan is made again for each request. Each row comes
 * as its JSON text, with its id and sort value for the next page's cursor.
 */
function preparedFirstPage(sort: StudentListFilter['sort'], order: 'asc' | 'desc', scope: ScopeKind) {
  const scopeId = sql.placeholder('scopeId');
  const inScope = {
    all: undefined,
    branch: eq(students.branchId, scopeId),
    corporate: eq(students.corporateId, scopeId),
  }[scope];
  return preparedPerDb((db) =>
    db
      .select({
        json: summaryJson,
        id: students.id,
        sortValue: SORT_VALUES[sort],
        tieValue: TIE_VALUES[sort],
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(branches, eq(branches.id, students.branchId))
      .leftJoin(corporates, eq(corporates.id, students.corporateId))
      .where(and(inScope, eq(users.type, 'student')))
      .orderBy(...keysetOrder(STUDENT_SORTS[sort], students.id, order))
      .limit(sql.placeholder('limit'))
      .prepare(`students_first_page_${sort}_${order}_${scope}`),
  );
}

const firstPages = new Map<string, ReturnType<typeof preparedFirstPage>>();

/**
 * The first page of a list request that has no cursor, search or filter of its own, as the
 * JSON texts of its rows and the next page's cursor; undefined for any other request (it is
 * a page of listStudents).
 */
export async function findFirstPageJson(db: Db, filter: StudentListFilter) {
  const { scope, sort, order, cursor, limit, ...filters } = filter;
  if (cursor !== undefined || Object.values(filters).some((value) => value !== undefined)) return undefined;
  if (scope.branchId !== undefined && scope.corporateId !== undefined) return undefined;
  let kind: ScopeKind = 'all';
  if (scope.branchId !== undefined) kind = 'branch';
  if (scope.corporateId !== undefined) kind = 'corporate';
  const key = `${sort} ${order} ${kind}`;
  let query = firstPages.get(key);
  if (!query) {
    query = preparedFirstPage(sort, order, kind);
    firstPages.set(key, query);
  }
  const rows = await query(db).execute({ scopeId: scope.branchId ?? scope.corporateId, limit: limit + 1 });
  const { column, tie } = STUDENT_SORTS[sort];
  const cursorOf: SortSpec<{ id: number; sortValue: string; tieValue: string | null }> = {
    column,
    valueOf: (row) => row.sortValue,
    tie: tie && { column: tie.column, valueOf: (row) => row.tieValue ?? '' },
  };
  const page = pageOf(rows, limit, cursorOf);
  return { items: page.items.map((row) => row.json), nextCursor: page.nextCursor };
}

/** A page of students (the first page of the whole list is findFirstPageJson's). */
export async function listStudents(db: Db, filter: StudentListFilter) {
  if (filter.search && filter.sort !== 'createdAt' && idNumberPrefixOf(filter.search) === undefined) {
    const spec = STUDENT_SORTS[filter.sort];
    const pageIds = await nameSearchPage(db, {
      request: filter,
      search: filter.search,
      sort: filter.sort,
      spec,
      filtered: studentsFiltered(filter),
    });
    const rows = await selectSummaries(db)
      .where(inArray(students.id, pageIds))
      .orderBy(...keysetOrder(spec, students.id, filter.order));
    return pageOf(rows, filter.limit, spec);
  }
  return keysetPage(filter, {
    rows: selectSummaries(db).$dynamic(),
    where: studentsMatching(filter),
    sort: STUDENT_SORTS[filter.sort],
    idColumn: students.id,
  });
}

/** How many students a filter matches (capped). */
export function countStudents(db: Db, filter: StudentFilter) {
  if (filter.search && idNumberPrefixOf(filter.search) === undefined)
    return nameSearchCount(db, { search: filter.search, filtered: studentsFiltered(filter) });
  return countMatches(
    db,
    matchingRows(db)
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(studentsMatching(filter))
      .$dynamic(),
  );
}

export type StudentSummaryRow = Awaited<ReturnType<typeof listStudents>>['items'][number];
