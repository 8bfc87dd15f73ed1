import { translateMessage } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { deleteFileRecord } from '../files/repo.ts';
import * as repo from './repo.ts';
import { findChangeableCourse } from './service.ts';

/**
 * Replaces a course's image (JPEG, PNG or WEBP by its bytes, at most 2 MB — checked while the
 * form is read). The previous image leaves the store once the new one is in place.
 */
export async function replaceCourseImage(
  ctx: Ctx,
  store: FileStore,
  id: number,
  file: ReceivedFile | undefined,
) {
  const actor = actorOf(ctx);
  if (!file) throw new AppError('REQUIRED', { status: 400, fields: { image: 'REQUIRED' } });
  const course = await findChangeableCourse(ctx, id);
  const previous = course.imageFileId ? await repo.findImageFile(ctx.db, course.imageFileId) : undefined;
  const saved = await store.save(file.bytes, file.mimeType);
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.insertImageFile(tx, saved);
      await repo.setImage(tx, id, saved.id);
      if (previous) await deleteFileRecord(tx, previous.id);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'course.image.replace',
        entity: 'courses',
        entityId: id,
        before: { imageFileId: previous?.id ?? null },
        after: { imageFileId: saved.id, mimeType: saved.mimeType, sizeBytes: saved.sizeBytes },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    await store.remove(saved.storageKey);
    throw error;
  }
  if (previous) await store.remove(previous.storageKey);
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/** A course's image: not personal data, so any logged-in caller may see it; 404 without one. */
export async function readCourseImage(ctx: Ctx, store: FileStore, id: number) {
  const course = await repo.findCourse(ctx.db, id);
  const file = course?.imageFileId ? await repo.findImageFile(ctx.db, course.imageFileId) : undefined;
  if (!file) throw notFound();
  return { bytes: await store.read(file.storageKey), mimeType: file.mimeType };
}
