import { type StudentAttachment, StudentRegistrationFields, translateMessage } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { consumePhoneProof } from '../auth/codes/service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { findBranch } from '../branches/repo.ts';
import { FileKind } from '../files/kinds.ts';
import { insertFileRecords, withStoredFiles } from '../files/uploads.ts';
import * as repo from './repo.ts';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 40;

const alreadyRegistered = () => new AppError('RECORDS_ALREADY_REGISTERED', { status: 409 });

/**
 * A person registers as a student: the §3 Student fields, a phone proven by a verified code,
 * a personal photo and optionally an ID copy. Files go to the file store first and are
 * removed again if the records cannot be written (withStoredFiles).
 */
export async function registerStudent(
  ctx: Ctx,
  store: FileStore,
  input: { fields: Record<string, string>; files: Partial<Record<StudentAttachment, ReceivedFile>> },
) {
  const body = StudentRegistrationFields.parse(input.fields);
  const photo = input.files.photo;
  if (!photo) throw new AppError('PHOTO_REQUIRED', { status: 400, fields: { photo: 'PHOTO_REQUIRED' } });
  const branch = await findBranch(ctx.db, Number(body.branchId));
  if (!branch) throw new AppError('SELECT_BRANCH', { status: 400, fields: { branchId: 'SELECT_BRANCH' } });
  if (
    await repo.isAlreadyRegistered(ctx.db, { email: body.email, idNumber: body.idNumber, phone: body.mobile })
  ) {
    throw alreadyRegistered();
  }
  // Counted once the form is valid, so a hall of people correcting typos shares no budget with abuse.
  await enforceLimit(ctx.db, `student-register:ip:${ctx.ip}`, REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3600);
  const passwordHash = await hashPassword(body.password);

  try {
    const files = { photo, idCopy: input.files.idCopy };
    const ids = await withStoredFiles(store, files, (saved) =>
      ctx.db.transaction(async (tx) => {
        await consumePhoneProof(tx, body.mobile, body.phoneToken);
        const userId = await repo.insertUser(tx, {
          type: 'student',
          email: body.email,
          phone: body.mobile,
          nameEn: body.fullNameEn,
          nameAr: body.fullNameAr,
          idType: body.idType,
          idNumber: body.idNumber,
          dateOfBirth: body.dateOfBirth,
          branchId: branch.id,
          passwordHash,
        });
        await insertFileRecords(tx, saved, FileKind.student, userId);
        const studentId = await repo.insertStudent(tx, {
          userId,
          branchId: branch.id,
          nationality: body.nationality,
          gender: body.gender,
          regionCode: body.region,
          cityId: body.city,
          idExpiry: body.idExpiry ?? null,
          idIssueSource: body.idIssueSource ?? null,
          classification: body.classification ?? null,
          occupation: body.occupation ?? null,
          occupationInIqama: body.occupationInIqama ?? null,
          passportNumber: body.passportNumber ?? null,
          computerNumber: body.computerNumber ?? null,
          education: body.education ?? null,
          photoFileId: saved.photo?.id ?? null,
          idCopyFileId: saved.idCopy?.id ?? null,
        });
        await writeAudit(tx, {
          actorUserId: userId,
          action: 'student.register',
          entity: 'students',
          entityId: studentId,
          after: { branchId: branch.id, idType: body.idType, nationality: body.nationality },
          ip: ctx.ip,
        });
        return { userId, studentId };
      }),
    );
    return { ...ids, message: translateMessage('RECORDS_SAVED', ctx.lang) };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
