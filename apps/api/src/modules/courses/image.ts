import { translateMessage } from '@tasreeh/shared';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { readPublicImage } from '../files/service.ts';
import { replaceFile } from '../files/uploads.ts';
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
  received: ReceivedFile | undefined,
) {
  const file = requireFile(received, 'image');
  const course = await findChangeableCourse(ctx, id);
  await replaceFile(ctx, store, {
    file,
    kind: FileKind.courseImage,
    ownerUserId: null,
    previousId: course.imageFileId,
    link: (tx, fileId) => repo.setImage(tx, id, fileId),
    audit: { action: 'course.image.replace', entity: 'courses', entityId: id },
  });
  return { id, message: translateMessage('RECORDS_UPDATED', ctx.lang) };
}

/** A course's image: not personal data, so any logged-in caller may see it; 404 without one. */
export async function readCourseImage(ctx: Ctx, store: FileStore, id: number) {
  const course = await repo.findCourse(ctx.db, id);
  return readPublicImage(ctx, store, course?.imageFileId ?? null, FileKind.courseImage);
}
