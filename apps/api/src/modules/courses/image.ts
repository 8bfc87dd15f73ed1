import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { FileKind } from '../files/kinds.ts';
import { readPublicImage } from '../files/service.ts';
import { changeStoredFile } from '../files/uploads.ts';
import * as repo from './repo.ts';
import { lockChangeableCourse } from './service.ts';

/**
 * Replaces a course's image (JPEG, PNG or WEBP by its bytes, at most 2 MB — checked while the
 * form is read). The previous image leaves the store once the new one is in place.
 */
export const replaceCourseImage = command({
  name: 'course.image.replace',
  entity: 'courses',
  load: (ctx, { id }: { id: number; file: ReceivedFile }) => lockChangeableCourse(ctx, id),
  run: async (ctx, { id, file }, course) => {
    const change = await changeStoredFile(ctx, {
      file,
      kind: FileKind.courseImage,
      ownerUserId: null,
      previousId: course.imageFileId,
      link: (tx, fileId) => repo.setImage(tx, id, fileId),
    });
    return { id, change };
  },
  // Ids, type and size of the files: never the bytes the input holds.
  audit: ({ result }) => result.change,
  message: 'RECORDS_UPDATED',
});

/** A course's image: not personal data, so any logged-in caller may see it; 404 without one. */
export async function readCourseImage(ctx: Ctx, store: FileStore, id: number) {
  const course = await repo.findCourse(ctx.db, id);
  return readPublicImage(ctx, store, course?.imageFileId ?? null, FileKind.courseImage);
}
