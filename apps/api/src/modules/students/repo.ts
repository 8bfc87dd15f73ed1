import type { StudentInput } from '@tasreeh/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, corporates, students, users } from '../../db/schema/index.ts';
import { matchesAnyColumn } from '../../lib/keyset.ts';
import { preparedPerDb } from '../../lib/prepared.ts';
import { profileJson, selectProfiles } from './columns.ts';
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
