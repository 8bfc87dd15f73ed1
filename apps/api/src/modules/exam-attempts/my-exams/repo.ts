import { EXAM_AVAILABLE_AHEAD_HOURS, type MyExamTab } from '@tasreeh/shared';
import { and, eq, gte, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  bookings,
  branches,
  certificates,
  classrooms,
  courses,
  examAttempts,
  examCheckins,
  exams,
  scheduledSessions,
  students,
  users,
} from '../../../db/schema/index.ts';
import {
  countMatches,
  keysetPage,
  matchingRows,
  type PageRequest,
  type SortSpec,
} from '../../../lib/keyset.ts';
import { currentCertificateOf } from '../../certificates/index.ts';

/** Whose exam bookings a caller sees: a student its own, a corporate its students' (or those it booked). */
export type MyExamScope = { studentId: number } | { corporateId: number };

export interface MyExamFilter {
  tab: MyExamTab;
  courseId?: number;
  examType?: 'Assessment' | 'ReAssessment' | 'ReTake';
  from?: string;
  to?: string;
  studentId?: number;
}
export type MyExamListFilter = MyExamFilter & PageRequest;

/** A booking that is not Cancelled or Expired: one the candidate still has (or had) an exam for. */
const live = notInArray(bookings.status, ['Cancelled', 'Expired']);

/** Past: the session has ended, or the attempt is submitted (by the candidate, the deadline or a proctor). */
const past = sql`(${scheduledSessions.endsAt} <= now() or coalesce(${examAttempts.status} = 'submitted', false))`;

/** Available: Booked, not past, and started or starting within the next 24 hours. */
const available = sql`(${bookings.status} = 'Booked' and not ${past} and ${scheduledSessions.startsAt} <= now() + make_interval(hours => ${EXAM_AVAILABLE_AHEAD_HOURS}))`;

/** Every live exam booking is in exactly one tab (see MY_EXAM_TABS in the shared schema). */
function tabCondition(tab: MyExamTab): SQL {
  if (tab === 'past') return past;
  if (tab === 'available') return available;
  return sql`(not ${past} and not ${available})`;
}

function scopeCondition(scope: MyExamScope): SQL | undefined {
  if ('studentId' in scope) return eq(bookings.studentId, scope.studentId);
  return or(eq(students.corporateId, scope.corporateId), eq(bookings.corporateId, scope.corporateId));
}

/** The first instant of a calendar day in Riyadh (UTC+3 all year). */
function riyadhDayStart(day: string, plusDays = 0): Date {
  return new Date(new Date(`${day}T00:00:00+03:00`).getTime() + plusDays * 86_400_000);
}

function matching(scope: MyExamScope, filter: MyExamFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    scopeCondition(scope),
    eq(scheduledSessions.kind, 'exam'),
    live,
    tabCondition(filter.tab),
  ];
  if (filter.studentId) conditions.push(eq(bookings.studentId, filter.studentId));
  if (filter.courseId) conditions.push(eq(scheduledSessions.courseId, filter.courseId));
  if (filter.examType) conditions.push(eq(scheduledSessions.examType, filter.examType));
  if (filter.from) conditions.push(gte(scheduledSessions.startsAt, riyadhDayStart(filter.from)));
  if (filter.to) conditions.push(lt(scheduledSessions.startsAt, riyadhDayStart(filter.to, 1)));
  return and(...conditions);
}

const columns = {
  id: bookings.id,
  number: bookings.number,
  status: bookings.status,
  student: { id: students.id, nameEn: users.nameEn, nameAr: users.nameAr },
  session: {
    id: scheduledSessions.id,
    courseId: scheduledSessions.courseId,
    courseNameEn: courses.nameEn,
    courseNameAr: courses.nameAr,
    examType: scheduledSessions.examType,
    startsAt: scheduledSessions.startsAt,
    endsAt: scheduledSessions.endsAt,
    delivery: scheduledSessions.delivery,
    language: scheduledSessions.language,
    branchNameEn: branches.nameEn,
    branchNameAr: branches.nameAr,
    classroom: classrooms.name,
  },
  checkin: {
    idNumberChecked: sql<boolean>`${examCheckins.idNumberCheckedAt} is not null`,
    fingerprintChecked: sql<boolean>`${examCheckins.fingerprintCheckedAt} is not null`,
    admitted: sql<boolean>`${examCheckins.admittedAt} is not null`,
    photos: sql<
      string[] | null
    >`(select array_agg(p.kind) from exam_checkin_photos p where p.booking_id = ${bookings.id})`,
    fingerprintEnrolled: sql<boolean>`exists (select 1 from student_fingerprints f where f.student_id = ${bookings.studentId})`,
  },
  attempt: {
    id: examAttempts.id,
    status: examAttempts.status,
    score: examAttempts.score,
    result: examAttempts.result,
    review: exams.review,
    certificateId: certificates.id,
  },
};

function rows(db: Db) {
  return db
    .select(columns)
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(branches, eq(branches.id, scheduledSessions.branchId))
    .leftJoin(classrooms, eq(classrooms.id, scheduledSessions.classroomId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(examCheckins, eq(examCheckins.bookingId, bookings.id))
    .leftJoin(examAttempts, eq(examAttempts.bookingId, bookings.id))
    .leftJoin(exams, eq(exams.id, examAttempts.examId))
    .leftJoin(certificates, currentCertificateOf(examAttempts.id));
}

type Sortable = { id: number; session: { startsAt: Date } };
const BY_START: SortSpec<Sortable> = {
  column: scheduledSessions.startsAt,
  valueOf: (row) => row.session.startsAt.toISOString(),
  kind: 'timestamp',
};

export function listMyExams(db: Db, scope: MyExamScope, filter: MyExamListFilter) {
  return keysetPage(filter, {
    rows: rows(db).$dynamic(),
    where: matching(scope, filter),
    sort: BY_START,
    idColumn: bookings.id,
  });
}
export type MyExamRow = Awaited<ReturnType<typeof listMyExams>>['items'][number];

export function countMyExams(db: Db, scope: MyExamScope, filter: MyExamFilter) {
  return countMatches(
    db,
    matchingRows(db)
      .from(bookings)
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
      .innerJoin(students, eq(students.id, bookings.studentId))
      .leftJoin(examAttempts, eq(examAttempts.bookingId, bookings.id))
      .where(matching(scope, filter))
      .$dynamic(),
  );
}
