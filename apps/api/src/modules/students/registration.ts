import { type StudentAttachment, StudentRegistrationFields } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import type { Ctx } from '../../lib/context.ts';
import type { ReceivedFile } from '../../lib/multipart.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { consumePhoneProof, hashPassword } from '../auth/index.ts';
import { findBranch } from '../branches/index.ts';
import { FileKind, saveFileRecords } from '../files/index.ts';
import { studentsPolicy } from './policy.ts';
import { alreadyRegistered, loginDuplicate } from './registered.ts';
import * as repo from './repo.ts';

const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 40;

/**
 * A value the command runner never sees as data: its only field is private, so the hash of an
 * `Idempotency-Key`'s request (kept in the database) holds no password — a SHA-256 of the form with
 * the password in it could be tested against guesses far faster than the Argon2 hash.
 */
class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
}

interface Registration {
  body: Omit<StudentRegistrationFields, 'password' | 'rePassword' | 'phoneToken'>;
  password: Secret;
  phoneToken: Secret;
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
  authorize: studentsPolicy.authorize('register'),
  run: async (ctx, { body, password, phoneToken, branchId, files }: Registration) => {
    // After the Idempotency-Key's claim, so that a replay of a registration gets its first answer.
    const { email, idNumber, mobile } = body;
    if (await repo.findRegisteredKey(ctx.db, { email, idNumber, phone: mobile })) throw alreadyRegistered();
    await consumePhoneProof(ctx.db, body.mobile, phoneToken.reveal());
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
      passwordHash: await hashPassword(password.reveal()),
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
  // Counted once the form is valid, so a hall of people correcting typos shares no budget with abuse.
  await enforceLimit(ctx.db, `student-register:ip:${ctx.ip}`, REGISTRATIONS_PER_ADDRESS_PER_HOUR, 3600);
  const { password, rePassword: _rePassword, phoneToken, ...fields } = body;
  return register(ctx, {
    body: fields,
    password: new Secret(password),
    phoneToken: new Secret(phoneToken),
    branchId: branch.id,
    files: { photo, idCopy: input.files.idCopy },
  });
}
