import { type StudentAttachment, StudentRegistrationFields } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { consumePhoneProof } from '../auth/codes/service.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { findBranch } from '../branches/repo.ts';
import { FileKind } from '../files/kinds.ts';
import { saveFileRecords } from '../files/uploads.ts';
import { alreadyRegistered, loginDuplicate } from './registered.ts';
import * as repo from './repo.ts';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 40;

interface Registration {
  body: StudentRegistrationFields;
  branchId: number;
  files: Partial<Record<StudentAttachment, ReceivedFile>>;
}

/**
 * The records of a registration, in one transaction: the proof of the phone used up, the login,
 * the files, the student. Of parallel registrations with one phone, e-mail or ID number, the
 * unique indexes let one through; the others get "Records already registered…".
 */
const register = command({
  name: 'student.register',
  entity: 'students',
  run: async (ctx, { body, branchId, files }: Registration) => {
    await consumePhoneProof(ctx.db, body.mobile, body.phoneToken);
    const userId = await repo.insertUser(ctx.db, {
      type: 'student',
      email: body.email,
      phone: body.mobile,
      nameEn: body.fullNameEn,
      nameAr: body.fullNameAr,
      idType: body.idType,
      idNumber: body.idNumber,
      dateOfBirth: body.dateOfBirth,
      branchId,
      passwordHash: await hashPassword(body.password),
    });
    const saved = await saveFileRecords(ctx, files, FileKind.student, userId);
    const studentId = await repo.insertStudent(ctx.db, {
      userId,
      branchId,
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
    return { userId, studentId };
  },
  // Never the password, the phone's grant or the files' bytes.
  audit: ({ input, result }) => ({
    entityId: result.studentId,
    after: {
      userId: result.userId,
      branchId: input.branchId,
      idType: input.body.idType,
      nationality: input.body.nationality,
    },
  }),
  duplicate: loginDuplicate({ email: 'email', phone: 'mobile', idNumber: 'idNumber' }),
  message: 'RECORDS_SAVED',
});

/**
 * A person registers as a student: the §3 Student fields, a phone proven by a verified code,
 * a personal photo and optionally an ID copy. The files leave the store again if the records
 * cannot be written.
 */
export async function registerStudent(
  ctx: Ctx,
  input: { fields: Record<string, string>; files: Partial<Record<StudentAttachment, ReceivedFile>> },
) {
  const body = StudentRegistrationFields.parse(input.fields);
  const photo = input.files.photo;
  if (!photo) throw new AppError('PHOTO_REQUIRED', { status: 400, fields: { photo: 'PHOTO_REQUIRED' } });
  const branch = await findBranch(ctx.db, Number(body.branchId));
  if (!branch) throw new AppError('SELECT_BRANCH', { status: 400, fields: { branchId: 'SELECT_BRANCH' } });
  if (
    await repo.findRegisteredKey(ctx.db, { email: body.email, idNumber: body.idNumber, phone: body.mobile })
  ) {
    throw alreadyRegistered();
  }
  // Counted once the form is valid, so a hall of people correcting typos shares no budget with abuse.
  await enforceLimit(ctx.db, `student-register:ip:${ctx.ip}`, REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3600);
  return register(ctx, { body, branchId: branch.id, files: { photo, idCopy: input.files.idCopy } });
}
