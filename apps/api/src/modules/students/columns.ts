import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, corporates, students, users } from '../../db/schema/index.ts';
import { foldedName } from '../../db/schema/users.ts';

/** The columns a student is read with: a list row (summary), a profile, and each as JSON text. */
export const foldedNameEn = foldedName(users.nameEn);
export const foldedNameAr = foldedName(users.nameAr);

export const summaryColumns = {
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

export function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(branches, eq(branches.id, students.branchId))
    .leftJoin(corporates, eq(corporates.id, students.corporateId));
}

export function selectProfiles(db: Db) {
  return db
    .select(profileColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(branches, eq(branches.id, students.branchId))
    .leftJoin(corporates, eq(corporates.id, students.corporateId));
}

/** A timestamp as JavaScript's `toISOString()` writes it (UTC, milliseconds, `Z`). */
export function isoText(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The StudentSummary fields, named and ordered as the schema has them (json-responses.test.ts
 * holds the text equal to the schema's), for `row_to_json` in the hot reads; the branch and
 * corporate as toSummary gives them.
 */
export const summaryJsonFields = sql`${students.id} as "id", ${users.id} as "userId",
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
export const summaryJson = sql<string>`(select row_to_json(item)::text from (select ${summaryJsonFields}) item)`;

/** A student's profile as the JSON text of StudentProfile. */
export const profileJson = sql<string>`(select row_to_json(item)::text from (select ${summaryJsonFields},
  ${users.dateOfBirth} as "dateOfBirth", ${students.gender} as "gender", ${students.regionCode} as "region",
  ${students.cityId} as "city", ${students.idExpiry} as "idExpiry", ${students.idIssueSource} as "idIssueSource",
  ${students.classification} as "classification", ${students.occupation} as "occupation",
  ${students.occupationInIqama} as "occupationInIqama", ${students.passportNumber} as "passportNumber",
  ${students.computerNumber} as "computerNumber", ${students.education} as "education",
  ${students.holdReason} as "holdReason", ${students.photoFileId} as "photoFileId",
  ${students.idCopyFileId} as "idCopyFileId") item)`;
