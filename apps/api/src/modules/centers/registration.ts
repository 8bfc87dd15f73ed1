import { type CenterAttachment, type CenterKind, CenterRegistrationFields } from '@tasreeh/shared';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { consumePhoneProof, hashPassword } from '../auth/index.ts';
import { FileKind, saveFileRecords } from '../files/index.ts';
import { centersPolicy } from './policy.ts';
import * as repo from './repo.ts';
import { centerDuplicateOf, refuseClash } from './service.ts';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 40;

interface Registration {
  kind: CenterKind;
  details: Omit<CenterRegistrationFields, 'kind' | 'password' | 'rePassword' | 'phoneToken'>;
  password: string;
  phoneToken: string;
  files: Partial<Record<CenterAttachment, ReceivedFile>>;
}

/**
 * The records of a registration, in one transaction: the login (first, so that of parallel
 * registrations with one e-mail or mobile the unique indexes let one through and answer the
 * others "Records already registered…"), the proof of the mobile used up, the copies, the centre.
 */
const submitRegistration = command({
  name: 'center.register',
  entity: 'centers',
  authorize: centersPolicy.authorize('register'),
  run: async (ctx, { kind, details, password, phoneToken, files }: Registration) => {
    const passwordHash = await hashPassword(password);
    await refuseClash(ctx, kind, details);
    const userId = await repo.insertCenterLogin(ctx.db, {
      kind,
      input: details,
      passwordHash,
      approved: false,
    });
    await consumePhoneProof(ctx.db, details.mobile, phoneToken);
    const saved = await saveFileRecords(ctx, files, FileKind.center, userId);
    const id = await repo.insertCenter(ctx.db, {
      kind,
      userId,
      input: details,
      status: 'pending',
      crCopyFileId: saved.crCopy?.id ?? null,
      licenceCopyFileId: saved.licenceCopy?.id ?? null,
    });
    return { id, userId };
  },
  // Never the password, the mobile's grant or the copies' bytes.
  audit: ({ input, result }) => ({ after: { userId: result.userId, kind: input.kind, ...input.details } }),
  duplicate: centerDuplicateOf,
  message: 'REQUEST_SUBMITTED',
});

/**
 * A training or medical centre registers itself: its details, a mobile proven by a verified
 * code, the password of its one login, and optional copies of its CR and licence. The login
 * stays shut until the super admin approves the request. Copies put in the file store leave it
 * again if the records cannot be written.
 */
export async function registerCenter(
  ctx: Ctx,
  input: { fields: Record<string, string>; files: Partial<Record<CenterAttachment, ReceivedFile>> },
) {
  const {
    kind,
    password,
    rePassword: _rePassword,
    phoneToken,
    ...details
  } = CenterRegistrationFields.parse(input.fields);
  // Counted once the form is valid, as for students: people correcting typos share no budget with abuse.
  await enforceLimit(ctx.db, `center-register:ip:${ctx.ip}`, REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3600);
  return submitRegistration(ctx, { kind, details, password, phoneToken, files: input.files });
}
