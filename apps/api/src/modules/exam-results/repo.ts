import type { ExamResultCountQuery, ExamResultListQuery } from '@tasreeh/shared';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  certificates,
  courses,
  examAttempts,
  scheduledSessions,
  students,
  users,
} from '../../db/schema/index.ts';
import { countMatches, keysetPage, matchesSearch, matchingRows, type SortSpec } from '../../lib/keyset.ts';
import { currentCertificateOf } from '../certificates/index.ts';

/** Which results an actor sees (the service decides it from the caller). */
export type ResultScope =
  | { studentId: number }
  | { corporateId: number }
  | { examinerUserId: number }
  | { branchId?: number };

const columns = {
  id: examAttempts.id,
  bookingId: examAttempts.bookingId,
  studentId: examAttempts.studentId,
  studentNameEn: users.nameEn,
  studentNameAr: users.nameAr,
  idNumber: users.idNumber,
  courseId: scheduledSessions.courseId,
  courseNameEn: courses.nameEn,
  courseNameAr: courses.nameAr,
  sessionId: examAttempts.sessionId,
  sessionStartsAt: scheduledSessions.startsAt,
  branchId: scheduledSessions.branchId,
  examType: scheduledSessions.examType,
  language: examAttempts.language,
  score: examAttempts.score,
  result: examAttempts.result,
  certificateId: certificates.id,
  attendance: bookings.status,
  submittedAt: examAttempts.submittedAt,
};

function rows(db: Db) {
  return db
    .select(columns)
    .from(examAttempts)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId))
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(bookings, eq(bookings.id, examAttempts.bookingId))
    .innerJoin(students, eq(students.id, examAttempts.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(certificates, currentCertificateOf(examAttempts.id));
}
export type ResultRow = Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number];

type Sortable = { id: number; submittedAt: Date | null; sessionStartsAt: Date };
const SORTS: Record<ExamResultListQuery['sort'], SortSpec<Sortable>> = {
  submittedAt: {
    column: examAttempts.submittedAt,
    valueOf: (row) => (row.submittedAt ?? new Date(0)).toISOString(),
    kind: 'timestamp',
  },
  sessionStartsAt: {
    column: scheduledSessions.startsAt,
    valueOf: (row) => row.sessionStartsAt.toISOString(),
    kind: 'timestamp',
  },
};

function scopeCondition(scope: ResultScope): SQL | undefined {
  if ('studentId' in scope) return eq(examAttempts.studentId, scope.studentId);
  if ('corporateId' in scope) return eq(students.corporateId, scope.corporateId);
  if ('examinerUserId' in scope) return eq(scheduledSessions.staffUserId, scope.examinerUserId);
  return scope.branchId === undefined ? undefined : eq(scheduledSessions.branchId, scope.branchId);
}

/** The first instant of a calendar day in Riyadh (UTC+3 all year). */
function riyadhDayStart(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + plusDays * 86_400_000);
}

function matching(scope: ResultScope, filter: ExamResultCountQuery): SQL | undefined {
  return and(
    // Only results: a submitted attempt has its score and result.
    eq(examAttempts.status, 'submitted'),
    scopeCondition(scope),
    filter.courseId ? eq(scheduledSessions.courseId, filter.courseId) : undefined,
    filter.examType ? eq(scheduledSessions.examType, filter.examType) : undefined,
    filter.result ? eq(examAttempts.result, filter.result) : undefined,
    filter.language ? eq(examAttempts.language, filter.language) : undefined,
    filter.branchId ? eq(scheduledSessions.branchId, filter.branchId) : undefined,
    filter.examinerId ? eq(scheduledSessions.staffUserId, filter.examinerId) : undefined,
    filter.from ? gte(scheduledSessions.startsAt, riyadhDayStart(filter.from)) : undefined,
    filter.to ? lt(scheduledSessions.startsAt, riyadhDayStart(filter.to, 1)) : undefined,
    filter.search ? matchesSearch(users.searchText, filter.search) : undefined,
  );
}

export function listResults(db: Db, scope: ResultScope, query: ExamResultListQuery) {
  return keysetPage(query, {
    rows: rows(db).$dynamic(),
    where: matching(scope, query),
    sort: SORTS[query.sort],
    idColumn: examAttempts.id,
  });
}

export function countResults(db: Db, scope: ResultScope, filter: ExamResultCountQuery) {
  return countMatches(
    db,
    matchingRows(db)
      .from(examAttempts)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId))
      .innerJoin(students, eq(students.id, examAttempts.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .where(matching(scope, filter))
      .$dynamic(),
  );
}
