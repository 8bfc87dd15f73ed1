import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  courses,
  examAttempts,
  examCheckinPhotos,
  examCheckins,
  files,
  students,
  users,
} from '../db/schema/index.ts';
import type { FileStore } from '../lib/file-store.ts';
import { certificateIssuerOf, issueCertificate } from '../modules/certificates/index.ts';
import { FileKind } from '../modules/files/index.ts';
import { passedAttempt } from './passed-attempts.ts';
import type { TestApp } from './test-app.ts';

/**
 * What a certificate inserted straight into the table (for tests of other areas that only need
 * one to exist) states: the student's names and ID number and the course's names as they are now,
 * as an issue would have taken them.
 */
export async function statedFor(db: Db, studentId: number, courseId: number) {
  const [row] = await db
    .select({
      holderNameEn: users.nameEn,
      holderNameAr: users.nameAr,
      holderIdNumber: sql<string>`coalesce(${users.idNumber}, '')`,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(courses, eq(courses.id, courseId))
    .where(eq(students.id, studentId));
  if (!row) throw new Error(`student ${studentId} or course ${courseId} not found`);
  return row;
}

/** Issues the certificate of a passed attempt as the submission does, with the test app's key and store. */
export function certify(t: TestApp, attemptId: number): Promise<number> {
  return issueCertificate(t.db, certificateIssuerOf(t.app.deps), attemptId);
}

/**
 * A certificate of the demo student that has lapsed: its pass was decided 400 days ago, so it was
 * issued then and its year of validity is over (what a certificate states never changes later).
 */
export async function lapsedCertificate(t: TestApp): Promise<number> {
  const { attemptId } = await passedAttempt(t, 80);
  const decidedAt = new Date(Date.now() - 400 * 86_400_000);
  await t.db
    .update(examAttempts)
    .set({ startedAt: new Date(decidedAt.getTime() - 60_000), submittedAt: decidedAt, decidedAt })
    .where(eq(examAttempts.id, attemptId));
  return certify(t, attemptId);
}

async function storedFile(db: Db, store: FileStore, bytes: Buffer, mimeType: string, kind: string) {
  const saved = await store.save(bytes, mimeType);
  await db.insert(files).values({ ...saved, kind });
  return saved;
}

/** Gives a student a registration photo (a `student-photo` file), as an upload would; returns its file id. */
export async function giveRegistrationPhoto(t: TestApp, studentId: number, bytes: Buffer, mimeType: string) {
  const saved = await storedFile(t.db, t.app.deps.files, bytes, mimeType, FileKind.student('photo'));
  await t.db.update(students).set({ photoFileId: saved.id }).where(eq(students.id, studentId));
  return saved.id;
}

/** Gives a booking's check-in the live photo taken at the sitting; returns its file id. */
export async function giveLiveCheckinPhoto(t: TestApp, bookingId: number, bytes: Buffer, mimeType: string) {
  const saved = await storedFile(t.db, t.app.deps.files, bytes, mimeType, FileKind.checkin('live'));
  await t.db.insert(examCheckins).values({ bookingId }).onConflictDoNothing();
  await t.db.insert(examCheckinPhotos).values({ bookingId, kind: 'live', fileId: saved.id });
  return saved.id;
}
