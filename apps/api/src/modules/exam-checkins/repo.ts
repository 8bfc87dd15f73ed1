import type { CheckinPhotoKind, CheckinState } from '@tasreeh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bookings,
  courses,
  examCheckinPhotos,
  examCheckins,
  files,
  scheduledSessions,
  studentFingerprints,
  students,
  users,
} from '../../db/schema/index.ts';

/** A booking with what its check-in needs: its session's time and delivery, its student's ID number and scope. */
export async function findSitting(db: Db, bookingId: number, lock = false) {
  const query = db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      studentId: bookings.studentId,
      studentUserId: students.userId,
      studentBranchId: students.branchId,
      studentCorporateId: students.corporateId,
      idNumber: users.idNumber,
      sessionKind: scheduledSessions.kind,
      sessionStatus: scheduledSessions.status,
      sessionBranchId: scheduledSessions.branchId,
      delivery: scheduledSessions.delivery,
      startsAt: scheduledSessions.startsAt,
      endsAt: scheduledSessions.endsAt,
      examinerUserId: scheduledSessions.staffUserId,
      courseNameEn: courses.nameEn,
      courseNameAr: courses.nameAr,
    })
    .from(bookings)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, bookings.sessionId))
    .innerJoin(courses, eq(courses.id, scheduledSessions.courseId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(bookings.id, bookingId));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row;
}

export type Sitting = NonNullable<Awaited<ReturnType<typeof findSitting>>>;

/** The check-in state of a booking: what was checked, which photos are kept, the enrolled finger. */
export async function checkinStateOf(db: Db, sitting: Sitting) {
  const [checkin] = await db.select().from(examCheckins).where(eq(examCheckins.bookingId, sitting.bookingId));
  const photos = await db
    .select({ kind: examCheckinPhotos.kind })
    .from(examCheckinPhotos)
    .where(eq(examCheckinPhotos.bookingId, sitting.bookingId));
  const [fingerprint] = await db
    .select({ finger: studentFingerprints.finger })
    .from(studentFingerprints)
    .where(eq(studentFingerprints.studentId, sitting.studentId));
  const state: CheckinState = {
    remote: sitting.delivery === 'remote',
    idNumberChecked: Boolean(checkin?.idNumberCheckedAt),
    photos: photos.map((photo) => photo.kind),
    fingerprintEnrolled: fingerprint !== undefined,
    fingerprintChecked: Boolean(checkin?.fingerprintCheckedAt),
    admitted: Boolean(checkin?.admittedAt),
  };
  return { state, finger: fingerprint?.finger ?? null };
}

/** The booking's check-in row, made if missing, locked for the change. */
export async function lockCheckinRow(tx: Db, bookingId: number) {
  await tx.insert(examCheckins).values({ bookingId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(examCheckins)
    .where(eq(examCheckins.bookingId, bookingId))
    .for('update');
  if (!row) throw new Error('check-in row missing after insert');
  return row;
}

/** The stored photo of one kind of a booking's check-in, with its file. */
export async function findCheckinPhoto(db: Db, bookingId: number, kind: CheckinPhotoKind) {
  const [row] = await db
    .select({ fileId: files.id, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(examCheckinPhotos)
    .innerJoin(files, eq(files.id, examCheckinPhotos.fileId))
    .where(and(eq(examCheckinPhotos.bookingId, bookingId), eq(examCheckinPhotos.kind, kind)));
  return row;
}

/** Whether a booking has any check-in photo yet. */
export async function hasCheckinPhotos(db: Db, bookingId: number): Promise<boolean> {
  const [row] = await db
    .select({ bookingId: examCheckinPhotos.bookingId })
    .from(examCheckinPhotos)
    .where(eq(examCheckinPhotos.bookingId, bookingId))
    .limit(1);
  return row !== undefined;
}

export async function linkCheckinPhoto(tx: Db, bookingId: number, kind: CheckinPhotoKind, fileId: string) {
  await tx
    .insert(examCheckinPhotos)
    .values({ bookingId, kind, fileId })
    .onConflictDoUpdate({
      target: [examCheckinPhotos.bookingId, examCheckinPhotos.kind],
      set: { fileId, createdAt: new Date() },
    });
}

export async function templateOf(db: Db, studentId: number) {
  const [row] = await db
    .select({ template: studentFingerprints.template, finger: studentFingerprints.finger })
    .from(studentFingerprints)
    .where(eq(studentFingerprints.studentId, studentId));
  return row;
}
