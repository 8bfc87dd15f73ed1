import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { examAttempts, students, users } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { findCheckinPhoto } from '../exam-checkins/index.ts';
import { FileKind, holdFileOfKind, insertFileRecord } from '../files/index.ts';

/** What a certificate states about its holder, taken from the profile when it is issued. */
export interface HolderSnapshot {
  holderNameEn: string;
  holderNameAr: string;
  holderIdNumber: string;
  /** The certificate's own copy of the holder's photo (`certificate-photo`), or none. */
  photoFileId: string | null;
}

/** Reads and keeps the bytes of a certificate's photo. */
export type PhotoStore = Pick<FileStore, 'read' | 'save'>;

/**
 * The photo that best proves who sat the exam, held `FOR SHARE` until the caller commits (so that a
 * photo change or the check-in retention sweep waits rather than removing it under the copy): the
 * live photo of the sitting's check-in, taken at the exam under the proctor's eyes, else the
 * registration photo (decision 0025).
 */
async function identityPhotoOf(db: Db, sitting: { bookingId: number; registrationPhotoId: string | null }) {
  const live = await findCheckinPhoto(db, sitting.bookingId, 'live');
  const held = live ? await holdFileOfKind(db, live.fileId, FileKind.checkin('live')) : undefined;
  if (held) return held;
  if (!sitting.registrationPhotoId) return undefined;
  return holdFileOfKind(db, sitting.registrationPhotoId, FileKind.student('photo'));
}

/**
 * Inside the issuing transaction: the holder's names and ID number as the profile says them now,
 * and a copy of their identity photo made for the certificate, owned by the holder, that nothing
 * but the certificate names. Without a photo to copy (none, or its bytes unreadable) the
 * certificate keeps `fallbackPhotoId` (a reissue keeps the photo of the certificate it replaces).
 */
export async function snapshotHolder(
  db: Db,
  store: PhotoStore,
  attemptId: number,
  fallbackPhotoId: string | null = null,
): Promise<HolderSnapshot> {
  const [holder] = await db
    .select({
      bookingId: examAttempts.bookingId,
      userId: users.id,
      nameEn: users.nameEn,
      nameAr: users.nameAr,
      idNumber: users.idNumber,
      registrationPhotoId: students.photoFileId,
    })
    .from(examAttempts)
    .innerJoin(students, eq(students.id, examAttempts.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(examAttempts.id, attemptId));
  if (!holder) throw new Error(`attempt ${attemptId} has no holder to certify`);
  const source = await identityPhotoOf(db, holder);
  // A file the store cannot read is a fault of the disk, not of the sitting: the certificate is issued without it.
  const bytes = source ? await store.read(source.storageKey).catch(() => undefined) : undefined;
  let photoFileId = fallbackPhotoId;
  if (source && bytes) {
    const saved = await store.save(bytes, source.mimeType);
    await insertFileRecord(db, saved, FileKind.certificatePhoto, holder.userId);
    photoFileId = saved.id;
  }
  return {
    holderNameEn: holder.nameEn,
    holderNameAr: holder.nameAr,
    holderIdNumber: holder.idNumber ?? '',
    photoFileId,
  };
}
