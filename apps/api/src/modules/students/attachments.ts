import type { StudentAttachment } from '@tasreeh/shared';
import { command } from '../../lib/command.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { changeStoredFile, FileKind } from '../files/index.ts';
import * as repo from './repo.ts';
import { authorizeOnStudent, findStudentInScope } from './service.ts';

interface AttachmentRequest {
  id: number;
  file: ReceivedFile | undefined;
}

/**
 * Replaces a student's photo or ID copy. The old file leaves the store: personal data is kept
 * once, not in every version it ever had.
 */
function replaceCommand(kind: StudentAttachment) {
  return command({
    name: `student.${kind}.replace`,
    entity: 'students',
    // Locked, so that two uploads at once replace one another rather than both the same file.
    load: async (ctx, { id }: AttachmentRequest) => {
      await repo.lockStudent(ctx.db, id);
      return findStudentInScope(ctx, id);
    },
    authorize: authorizeOnStudent('edit'),
    run: async (ctx, { id, file }, student) => {
      const change = await changeStoredFile(ctx, {
        file: requireFile(file, 'file'),
        kind: FileKind.student(kind),
        ownerUserId: student.userId,
        previousId: kind === 'photo' ? student.photoFileId : student.idCopyFileId,
        link: (tx, fileId) => repo.setAttachment(tx, id, kind, fileId),
      });
      return { id, change };
    },
    audit: ({ result }) => result.change,
    message: 'RECORDS_UPDATED',
  });
}

const replacements = { photo: replaceCommand('photo'), idCopy: replaceCommand('idCopy') };

/** Replaces a student's photo or ID copy, as the route names it. */
export const replaceAttachment = (kind: StudentAttachment) => replacements[kind];
