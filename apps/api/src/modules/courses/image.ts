import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { FileKind, publicImageCommand, readPublicImage } from '../files/index.ts';
import { coursesPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { lockCourse } from './service.ts';

/**
 * Replaces a course's image (JPEG, PNG or WEBP by its bytes, at most 2 MB — checked while the
 * form is read). The previous image leaves the store once the new one is in place.
 */
export const replaceCourseImage = publicImageCommand({
  name: 'course.image.replace',
  entity: 'courses',
  kind: FileKind.courseImage,
  lock: lockCourse,
  link: repo.setImage,
  authorize: coursesPolicy.authorize('edit'),
});

/** A course's image: not personal data, so any logged-in caller may see it; 404 without one. */
export async function readCourseImage(ctx: Ctx, store: FileStore, id: number) {
  const course = await repo.findCourse(ctx.db, id);
  return readPublicImage(ctx, store, course?.imageFileId ?? null, FileKind.courseImage);
}
