import type { StudentInput, StudentProfile, StudentSummary } from '@tasreeh/shared';
import { AppError, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import { asJsonText, type JsonText, pageJson } from '../../lib/json-text.ts';
import { enqueueMessage } from '../../lib/outbox/outbox.ts';
import { generatePassword, hashPassword } from '../auth/index.ts';
import { branchExists } from '../users/index.ts';
import { contactChangeOf } from './contact-change/service.ts';
import * as studentList from './list.ts';
import { type PlacedStudent, seesStudent, studentsPolicy, studentsVisibleTo } from './policy.ts';
import { alreadyRegistered, loginDuplicate, refuseContactEdit } from './registered.ts';
import * as repo from './repo.ts';

export function toSummary(row: studentList.StudentSummaryRow): StudentSummary {
  return {
    id: row.id,
    userId: row.userId,
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    idType: row.idType,
    idNumber: row.idNumber,
    phone: row.phone,
    email: row.email,
    nationality: row.nationality,
    onHold: row.onHold,
    hasPhoto: row.hasPhoto,
    fingerprintEnrolled: row.fingerprintEnrolled,
    createdAt: row.createdAt.toISOString(),
    branch:
      row.branchId === null
        ? null
        : {
            id: row.branchId,
            code: row.branchCode ?? '',
            nameEn: row.branchNameEn ?? '',
            nameAr: row.branchNameAr ?? '',
          },
    corporate:
      row.corporateId === null
        ? null
        : { id: row.corporateId, nameEn: row.corporateNameEn ?? '', nameAr: row.corporateNameAr ?? '' },
  };
}

/** What the caller may do to the student: the abilities its profile carries. */
function studentAbilities(actor: Actor | undefined, student: PlacedStudent): StudentProfile['abilities'] {
  return studentsPolicy.abilities(actor, student, ['edit', 'hold', 'transfer', 'remove']);
}

/**
 * A stored student as the StudentProfile response but for its abilities (the audit's before;
 * the JSON texts' reference in tests).
 */
export function toProfile(row: repo.StudentProfileRow): Omit<StudentProfile, 'abilities'> {
  return {
    ...toSummary(row),
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    region: row.region,
    city: row.city,
    idExpiry: row.idExpiry,
    idIssueSource: row.idIssueSource,
    classification: row.classification,
    occupation: row.occupation,
    occupationInIqama: row.occupationInIqama,
    passportNumber: row.passportNumber,
    computerNumber: row.computerNumber,
    education: row.education,
    holdReason: row.holdReason,
    photoFileId: row.photoFileId,
    idCopyFileId: row.idCopyFileId,
  };
}

/**
 * Students the actor may see: every branch's for head office, their own branch's for branch
 * staff, its own for a corporate.
 */
export async function listStudents(
  ctx: Ctx,
  query: Omit<studentList.StudentListFilter, 'scope'>,
): Promise<{ items: StudentSummary[]; nextCursor: string | null } | JsonText> {
  const filter = { ...query, scope: studentsVisibleTo(actorOf(ctx)) };
  const firstPage = await studentList.findFirstPageJson(ctx.db, filter);
  if (firstPage) return pageJson(firstPage.items, firstPage.nextCursor);
  const page = await studentList.listStudents(ctx.db, filter);
  return { ...page, items: page.items.map(toSummary) };
}

/** How many students the actor may see match the filters (the list's scope, capped). */
export function countStudents(ctx: Ctx, query: Omit<studentList.StudentFilter, 'scope'>) {
  return studentList.countStudents(ctx.db, { ...query, scope: studentsVisibleTo(actorOf(ctx)) });
}

/**
 * A command's authorize step, by the students policy's `action`, for the student its `load`
 * read with `findStudentInScope` (the row's type named, for the command's inference).
 */
export function authorizeOnStudent(action: 'edit' | 'hold' | 'transfer' | 'remove') {
  return studentsPolicy.authorize(action, (student: repo.StudentProfileRow) => student);
}

/** A student in the actor's scope, as stored; 404 outside it. */
export async function findStudentInScope(ctx: Ctx, id: number) {
  const row = await repo.findStudentProfile(ctx.db, id);
  if (!row || !seesStudent(actorOf(ctx), row)) throw notFound();
  return row;
}

/**
 * A student's profile in the actor's scope, as its JSON text (the database writes it, the
 * abilities added after); 404 outside it.
 */
export async function getStudent(ctx: Ctx, id: number): Promise<JsonText> {
  const row = await repo.findStudentProfileJson(ctx.db, id);
  if (!row || !seesStudent(actorOf(ctx), row)) throw notFound();
  // The abilities, last of the schema's fields, follow the fields the database wrote.
  const abilities = JSON.stringify(studentAbilities(ctx.actor, row));
  return asJsonText(`${row.json.slice(0, row.json.lastIndexOf('}'))},"abilities":${abilities}}`);
}

/** The student with this ID (or Iqama, passport…) number, in scope; "No student found with this ID." otherwise. */
export async function findStudentByIdNumber(ctx: Ctx, idNumber: string) {
  const found = await repo.findStudentIdByIdNumber(ctx.db, idNumber);
  if (!found || !seesStudent(actorOf(ctx), found)) {
    throw new AppError('NO_STUDENT_WITH_ID', { status: 404 });
  }
  return getStudent(ctx, found.id);
}

/**
 * Where a student may be placed: a real branch within the actor's scope, and a real corporate
 * (a corporate places students only with itself).
 */
export async function checkPlacement(ctx: Ctx, target: { branchId: number; corporateId: number | null }) {
  const scope = studentsVisibleTo(actorOf(ctx));
  if (
    (scope.branchId !== undefined && target.branchId !== scope.branchId) ||
    !(await branchExists(ctx.db, target.branchId))
  ) {
    throw new AppError('SELECT_BRANCH', { status: 400, fields: { branchId: 'SELECT_BRANCH' } });
  }
  const foreignCorporate = scope.corporateId !== undefined && target.corporateId !== scope.corporateId;
  if (
    foreignCorporate ||
    (target.corporateId !== null && !(await repo.corporateExists(ctx.db, target.corporateId)))
  ) {
    throw new AppError('SELECT_CORPORATE', { status: 400, fields: { corporateId: 'SELECT_CORPORATE' } });
  }
}

/** The branches the actor may place a student in: their own for branch staff, every active one for head office. */
export function listBranchOptions(ctx: Ctx) {
  return repo.listBranchOptions(ctx.db, studentsVisibleTo(actorOf(ctx)).branchId);
}

/** Corporates to place or transfer a student to, found by name or CR number. */
export function listCorporateOptions(ctx: Ctx, search: string | undefined) {
  return repo.listCorporateOptions(ctx.db, search);
}

/** The form fields of the student's login keys, for the duplicate answer. */
const STUDENT_FIELDS = { email: 'email', phone: 'mobile', idNumber: 'idNumber' } as const;
const studentDuplicate = loginDuplicate(STUDENT_FIELDS);

/** Refuses a student whose e-mail, ID number or phone another account already has. */
async function refuseRegistered(
  ctx: Ctx,
  user: { email?: string; idNumber: string; phone?: string },
  exceptUserId?: number,
) {
  const key = await repo.findRegisteredKey(ctx.db, user, exceptUserId);
  if (key) throw alreadyRegistered(STUDENT_FIELDS[key as keyof typeof STUDENT_FIELDS]);
}

const SMS_PASSWORD = {
  en: 'Welcome to Tasreeh. Log in with your ID number {idNumber} and the password {password}, then change it.',
  ar: 'مرحباً بك في تصريح. سجّل الدخول برقم هويتك {idNumber} وكلمة المرور {password} ثم غيّرها.',
};

/**
 * The back office opens a student's account (students/add-new). The student gets a generated
 * password by SMS and must change it at first login.
 */
export const createStudent = command({
  name: 'student.create',
  entity: 'students',
  authorize: studentsPolicy.authorize('create'),
  run: async (ctx, input: StudentInput) => {
    const { user, student } = repo.columnsOfStudentInput(input);
    await checkPlacement(ctx, student);
    await refuseRegistered(ctx, user);
    const password = generatePassword();
    const userId = await repo.insertUser(ctx.db, {
      ...user,
      type: 'student',
      passwordHash: await hashPassword(password),
      changePassword: true,
    });
    const id = await repo.insertStudent(ctx.db, { ...student, userId });
    await enqueueMessage(ctx, {
      channel: 'sms',
      recipient: user.phone,
      body: SMS_PASSWORD[ctx.lang].replace('{idNumber}', user.idNumber).replace('{password}', password),
    });
    return { id };
  },
  duplicate: studentDuplicate,
  message: 'RECORDS_SAVED',
});

/** The back office edits a student (students/edit): every field but the login e-mail and phone. */
export const updateStudent = command({
  name: 'student.update',
  entity: 'students',
  load: (ctx, { id }: { id: number; input: StudentInput }) => findStudentInScope(ctx, id),
  authorize: authorizeOnStudent('edit'),
  run: async (ctx, { id, input }, before) => {
    const { user, student } = repo.columnsOfStudentInput(input);
    refuseContactEdit({
      email: before.email.toLowerCase() !== user.email.toLowerCase(),
      mobile: before.phone !== user.phone,
    });
    await checkPlacement(ctx, student);
    await refuseRegistered(ctx, { idNumber: user.idNumber }, before.userId);
    await repo.updateStudent(ctx.db, id, before.userId, input);
    return { id };
  },
  audit: ({ input, before }) => ({ before: toProfile(before), after: input.input }),
  duplicate: studentDuplicate,
  message: 'RECORDS_UPDATED',
});

/** A student's login e-mail or phone, changed only with the code sent to the new one. */
export const studentContactChange = contactChangeOf({
  name: 'student',
  entity: 'students',
  authorize: (holderOf) => studentsPolicy.authorize('changeContact', holderOf),
  find: async (ctx, id) => {
    const student = await findStudentInScope(ctx, id);
    return { id: student.id, userId: student.userId };
  },
});
