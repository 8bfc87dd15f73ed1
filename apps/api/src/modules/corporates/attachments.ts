import { type Corporate, type CorporateAttachment, translateMessage } from '@tasreeh/shared';
import { command } from '../../lib/command.ts';
import { type ReceivedFile, requireFile } from '../../lib/multipart.ts';
import { changeStoredFile, FileKind } from '../files/index.ts';
import { corporatesPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { getCorporate } from './service.ts';

interface AttachmentRequest {
  id: number;
  file: ReceivedFile | undefined;
}

/**
 * Adds or replaces a corporate's commercial register copy or licence copy. The file belongs to
 * the corporate's own login; the copy it replaces leaves the store.
 */
function replaceCommand(kind: CorporateAttachment) {
  return command({
    name: `corporate.${kind}.replace`,
    entity: 'corporates',
    // Locked, so that two uploads at once replace one another rather than both the same copy.
    load: async (ctx, { id }: AttachmentRequest) => {
      await repo.lockCorporate(ctx.db, id);
      return getCorporate(ctx, id);
    },
    authorize: corporatesPolicy.authorize('edit', (corporate: Corporate) => corporate),
    run: async (ctx, { id, file }, corporate) => {
      const change = await changeStoredFile(ctx, {
        file: requireFile(file, 'file'),
        kind: FileKind.corporate(kind),
        ownerUserId: corporate.userId,
        previousId: kind === 'crCopy' ? corporate.crCopyFileId : corporate.licenceCopyFileId,
        link: (tx, fileId) => repo.setAttachment(tx, id, kind, fileId),
      });
      // A first copy is saved, a second one updates.
      const message = translateMessage(change.before.fileId ? 'RECORDS_UPDATED' : 'RECORDS_SAVED', ctx.lang);
      return { id, message, change };
    },
    audit: ({ result }) => result.change,
  });
}

const replacements = { crCopy: replaceCommand('crCopy'), licenceCopy: replaceCommand('licenceCopy') };

/** Adds or replaces a corporate's copy of the kind the route names. */
export const replaceCorporateAttachment = (kind: CorporateAttachment) => replacements[kind];
