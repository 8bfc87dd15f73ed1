import { normalizeDigits, type StudentInput } from '@tasreeh/shared';
import {
  type AnyColumn,
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, corporates, students, users } from '../../db/schema/index.ts';
import { foldedName } from '../../db/schema/users.ts';
import {
  countMatches,
  keysetOrder,
  keysetPage,
  matchesAnyColumn,
  matchesSearch,
  matchingRows,
  type PageRequest,
  pageOf,
  type SortSpec,
} from '../../lib/keyset.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { type StudentScope, studentsInScope } from '../../lib/scope.ts';
import { nameSearchCount, nameSearchPage } from './name-search.ts';
import type { LoginKey } from './registered.ts';

/**
 * Which of these login keys another account already uses (the first found), if any. Staff,
 * students and corporates share the users table, so a phone or e-mail is one account's.
 */
export async function findRegisteredKey(
  db: Db,
  values: { email?: string; idNumber?: string; phone?: string },
  exceptUserId?: number,
): Promise<LoginKey | undefined> {
  const [row] = await db
    .select({
      email:
        values.email === undefined
          ? sql<boolean>`false`
          : sql<boolean>`lower(${users.email}) = ${values.email.toLowerCase()}`,
      idNumber:
        values.idNumber === undefined
          ? sql<boolean>`false`
          : sql<boolean>`${users.idNumber} = ${values.idNumber}`,
      phone:
        values.phone === undefined ? sql<boolean>`false` : sql<boolean>`${users.phone} = ${values.phone}`,
    })
    .from(users)
    .where(
      and(
        or(
          values.email === undefined ? undefined : eq(sql`lower(${users.email})`, values.email.toLowerCase()),
          values.idNumber === undefined ? undefined : eq(users.idNumber, values.idNumber),
          values.phone === undefined ? undefined : eq(users.phone, values.phone),
        ),
        exceptUserId === undefined ? undefined : sql`${users.id} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return (['email', 'idNumber', 'phone'] as const).find((key) => row[key]);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function insertStudent(db: Db, values: typeof students.$inferInsert) {
  const [row] = await db.insert(students).values(values).returning({ id: students.id });
  if (!row) throw new Error('student insert returned nothing');
  return row.id;
}

const foldedNameEn = foldedName(users.nameEn);
const foldedNameAr = foldedName(users.nameAr);

const summaryColumns = {
  id: students.id,
  userId: users.id,
  nameEn: users.nameEn,
  nameAr: users.nameAr,
  // The keys the list sorts names by, read back for the next page's cursor.
  nameEnKey: sql<string>`${foldedNameEn}`,
  nameArKey: sql<string>`${foldedNameAr}`,
  idType: users.idType,
  idNumber: users.idNumber,
  phone: users.phone,
  email: users.email,
  nationality: students.nationality,
  onHold: students.onHold,
  hasPhoto: sql<boolean>`${students.photoFileId} is not null`,
  fingerprintEnrolled: sql<boolean>`exists (select 1 from student_fingerprints f where f.student_id = ${students.id})`,
  createdAt: students.createdAt,
  branchId: students.branchId,
  branchCode: branches.code,
  branchNameEn: branches.nameEn,
  branchNameAr: branches.nameAr,
  corporateId: students.corporateId,
  corporateNameEn: corporates.nameEn,
  corporateNameAr: corporates.nameAr,
};

const profileColumns = {
  ...summaryColumns,
  dateOfBirth: users.dateOfBirth,
  gender: students.gender,
  region: students.regionCode,
  city: students.cityId,
  idExpiry: students.idExpiry,
  idIssueSource: students.idIssueSource,
  classification: students.classification,
  occupation: students.occupation,
  occupationInIqama: students.occupationInIqama,
  passportNumber: students.passportNumber,
  computerNumber: students.computerNumber,
  education: students.education,
  holdReason: students.holdReason,
  photoFileId: students.photoFileId,
  idCopyFileId: students.idCopyFileId,
};

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(branches, eq(branches.id, students.branchId))
    .leftJoin(corporates, eq(corporates.id, students.corporateId));
}

function selectProfiles(db: Db) {
  return db
    .select(profileColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(branches, eq(branches.id, students.branchId))
    .leftJoin(corporates, eq(corporates.id, students.corporateId));
}

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
function isoText(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The StudentSummary fields, named and ordered as the schema has them (json-responses.test.ts
 * holds the text equal to the schema's), for `row_to_json` in the hot reads; the branch and
 * corporate as toSummary gives them.
 */
const summaryJsonFields = sql`${students.id} as "id", ${users.id} as "userId",
  ${users.nameEn} as "nameEn", ${users.nameAr} as "nameAr", ${users.idType} as "idType",
  ${users.idNumber} as "idNumber", ${users.phone} as "phone", ${users.email} as "email",
  ${students.nationality} as "nationality",
  (select row_to_json(branch) from (select ${students.branchId} as "id",
    coalesce(${branches.nameEn}, '') as "nameEn", coalesce(${branches.nameAr}, '') as "nameAr",
    coalesce(${branches.code}, '') as "code") branch where ${students.branchId} is not null) as "branch",
  (select row_to_json(corporate) from (select ${students.corporateId} as "id",
    coalesce(${corporates.nameEn}, '') as "nameEn", coalesce(${corporates.nameAr}, '') as "nameAr") corporate
    where ${students.corporateId} is not null) as "corporate",
  ${students.onHold} as "onHold", ${students.photoFileId} is not null as "hasPhoto",
  exists (select 1 from student_fingerprints f where f.student_id = ${students.id}) as "fingerprintEnrolled", ${isoText(students.createdAt)} as "createdAt"`;

/** A row of the students list as the JSON text of StudentSummary. */
const summaryJson = sql<string>`(select row_to_json(item)::text from (select ${summaryJsonFields}) item)`;

/** A student's profile as the JSON text of StudentProfile. */
const profileJson = sql<string>`(select row_to_json(item)::text from (select ${summaryJsonFields},
  ${users.dateOfBirth} as "dateOfBirth", ${students.gender} as "gender", ${students.regionCode} as "region",
  ${students.cityId} as "city", ${students.idExpiry} as "idExpiry", ${students.idIssueSource} as "idIssueSource",
  ${students.classification} as "classification", ${students.occupation} as "occupation",
  ${students.occupationInIqama} as "occupationInIqama", ${students.passportNumber} as "passportNumber",
  ${students.computerNumber} as "computerNumber", ${students.education} as "education",
  ${students.holdReason} as "holdReason", ${students.photoFileId} as "photoFileId",
  ${students.idCopyFileId} as "idCopyFileId") item)`;

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

const studentProfile = preparedPerDb((db) =>
  selectProfiles(db)
    .where(eq(students.id, sql.placeholder('id')))
    .prepare('student_profile'),
);

export async function findStudentProfile(db: Db, id: number) {
  const [row] = await studentProfile(db).execute({ id });
  return row;
}

const studentProfileJson = preparedPerDb((db) =>
  db
    .select({ json: profileJson, branchId: students.branchId, corporateId: students.corporateId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(branches, eq(branches.id, students.branchId))
    .leftJoin(corporates, eq(corporates.id, students.corporateId))
    .where(eq(students.id, sql.placeholder('id')))
    .prepare('student_profile_json'),
);

/** A student's profile as its JSON text, with the branch and corporate its scope check needs. */
export async function findStudentProfileJson(db: Db, id: number) {
  const [row] = await studentProfileJson(db).execute({ id });
  return row;
}

export type StudentProfileRow = NonNullable<Awaited<ReturnType<typeof findStudentProfile>>>;

export async function findStudentIdByIdNumber(db: Db, idNumber: string) {
  const [row] = await db
    .select({ id: students.id, branchId: students.branchId, corporateId: students.corporateId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.idNumber, idNumber));
  return row;
}

/** The user and student columns of the §3 Student fields. */
export function columnsOfStudentInput(input: StudentInput) {
  return {
    user: {
      email: input.email,
      phone: input.mobile,
      nameEn: input.fullNameEn,
      nameAr: input.fullNameAr,
      idType: input.idType,
      idNumber: input.idNumber,
      dateOfBirth: input.dateOfBirth,
      branchId: Number(input.branchId),
    },
    student: {
      branchId: Number(input.branchId),
      corporateId: input.corporateId,
      nationality: input.nationality,
      gender: input.gender,
      regionCode: input.region,
      cityId: input.city,
      idExpiry: input.idExpiry ?? null,
      idIssueSource: input.idIssueSource ?? null,
      classification: input.classification ?? null,
      occupation: input.occupation ?? null,
      occupationInIqama: input.occupationInIqama ?? null,
      passportNumber: input.passportNumber ?? null,
      computerNumber: input.computerNumber ?? null,
      education: input.education ?? null,
    },
  };
}

/**
 * Writes an edit of a student. The login e-mail and phone are left alone: they change only
 * through a verified contact change (contact-change/).
 */
export async function updateStudent(db: Db, id: number, userId: number, input: StudentInput) {
  const { user, student } = columnsOfStudentInput(input);
  const { email: _email, phone: _phone, ...rest } = user;
  await db.update(users).set(rest).where(eq(users.id, userId));
  await db.update(students).set(student).where(eq(students.id, id));
}

export async function setHold(db: Db, id: number, onHold: boolean, reason: string | null) {
  await db.update(students).set({ onHold, holdReason: reason }).where(eq(students.id, id));
}

export async function moveStudent(
  db: Db,
  id: number,
  userId: number,
  target: { branchId: number; corporateId: number | null },
) {
  await db.update(students).set(target).where(eq(students.id, id));
  await db.update(users).set({ branchId: target.branchId }).where(eq(users.id, userId));
}

export async function setAttachment(db: Db, id: number, kind: 'photo' | 'idCopy', fileId: string) {
  await db
    .update(students)
    .set(kind === 'photo' ? { photoFileId: fileId } : { idCopyFileId: fileId })
    .where(eq(students.id, id));
}

export async function corporateExists(db: Db, id: number) {
  const [row] = await db.select({ id: corporates.id }).from(corporates).where(eq(corporates.id, id));
  return Boolean(row);
}

/** Active branches a student may be placed in: one branch for branch staff, all for head office. */
export function listBranchOptions(db: Db, branchId: number | undefined) {
  return db
    .select({ id: branches.id, code: branches.code, nameEn: branches.nameEn, nameAr: branches.nameAr })
    .from(branches)
    .where(and(eq(branches.status, 'active'), branchId === undefined ? undefined : eq(branches.id, branchId)))
    .orderBy(asc(branches.nameEn));
}

export const CORPORATE_OPTIONS_LIMIT = 20;

/** The first corporates, by English name, whose name or CR number holds the search. */
export function listCorporateOptions(db: Db, search: string | undefined) {
  return db
    .select({
      id: corporates.id,
      nameEn: corporates.nameEn,
      nameAr: corporates.nameAr,
      crNumber: corporates.crNumber,
    })
    .from(corporates)
    .where(
      search
        ? matchesAnyColumn(search, [corporates.nameEn, corporates.nameAr, corporates.crNumber])
        : undefined,
    )
    .orderBy(asc(corporates.nameEn), asc(corporates.id))
    .limit(CORPORATE_OPTIONS_LIMIT);
}

/** Takes the student's row `FOR UPDATE`: changes that start from what it holds wait for each other. */
export async function lockStudent(db: Db, id: number) {
  await db.select({ id: students.id }).from(students).where(eq(students.id, id)).for('update');
}
