import { type CenterAttachment, CenterRegistrationFields, translateMessage } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { consumePhoneProof } from '../auth/codes/service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { FileKind } from '../files/kinds.ts';
import { insertFileRecords, withStoredFiles } from '../files/uploads.ts';
import * as repo from './repo.ts';
import { refuseClash } from './service.ts';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 40;

/**
 * A training or medical centre registers itself: its details, a mobile proven by a verified
 * code, the password of its one login, and optional copies of its CR and licence. The login
 * stays shut until the super admin approves the request. Files go to the file store first and
 * are removed again if the records cannot be written.
 */
export async function registerCenter(
  ctx: Ctx,
  store: FileStore,
  input: { fields: Record<string, string>; files: Partial<Record<CenterAttachment, ReceivedFile>> },
) {
  const {
    kind,
    password,
    rePassword: _rePassword,
    phoneToken,
    ...details
  } = CenterRegistrationFields.parse(input.fields);
  await refuseClash(ctx, kind, details);
  // Counted once the form is valid, as for students: people correcting typos share no budget with abuse.
  await enforceLimit(ctx.db, `center-register:ip:${ctx.ip}`, REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3600);
  const passwordHash = await hashPassword(password);

  try {
    const id = await withStoredFiles(store, input.files, (saved) =>
      ctx.db.transaction(async (tx) => {
        await consumePhoneProof(tx, details.mobile, phoneToken);
        const userId = await repo.insertCenterLogin(tx, {
          kind,
          input: details,
          passwordHash,
          approved: false,
        });
        await insertFileRecords(tx, saved, FileKind.center, userId);
        const centerId = await repo.insertCenter(tx, {
          kind,
          userId,
          input: details,
          status: 'pending',
          crCopyFileId: saved.crCopy?.id ?? null,
          licenceCopyFileId: saved.licenceCopy?.id ?? null,
        });
        await writeAudit(tx, {
          actorUserId: userId,
          action: 'center.register',
          entity: 'centers',
          entityId: centerId,
          after: { kind, ...details },
          ip: ctx.ip,
        });
        return centerId;
      }),
    );
    return { id, message: translateMessage('REQUEST_SUBMITTED', ctx.lang) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });
    throw error;
  }
}
