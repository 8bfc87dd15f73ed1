import { verify } from 'node:crypto';
import {
  type Certificate,
  type CertificateList,
  type CertificatePage,
  type CertificateSearchQuery,
  type CertificateStatusAnswer,
  canAccess,
  centreDay,
  certificateStatusOf,
  isBackOfficeType,
  maskIdNumber,
  maskName,
  type PublicCertificateList,
  Resource,
  readCertificateClaims,
  splitCertificateCode,
  toBase64Url,
} from '@tasreeh/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  courses,
  examAttempts,
  files,
  scheduledSessions,
  sensitiveAccessLog,
  students,
  users,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { command } from '../../lib/command.ts';
import { type Actor, actorOf, type Ctx } from '../../lib/context.ts';
import { keysetPage, type SortSpec } from '../../lib/keyset.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { branchScopeOf } from '../../lib/scope.ts';
import { type ChallengeSettings, spendSolution } from '../auth/challenge.ts';
import { codeOf, loadCertificateClaims } from './claims.ts';
import { type CertificateDocument, certificatePdf } from './pdf.ts';
import type { CertificateSigner } from './signing-key.ts';

/** The most rows one inquiry or list answers (a worker holds a few certificates, a corporate more). */
const LIST_CAP = 200;

function selectCertificates(db: Db) {
  return db
    .select({
      id: certificates.id,
      serial: certificates.serial,
      studentId: certificates.studentId,
      studentUserId: students.userId,
      corporateId: students.corporateId,
      photoFileId: students.photoFileId,
      branchId: scheduledSessions.branchId,
      nameEn: users.nameEn,
      nameAr: users.nameAr,
      idNumber: users.idNumber,
      courseEn: courses.nameEn,
      courseAr: courses.nameAr,
      score: certificates.score,
      issuedAt: certificates.issuedAt,
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      signature: certificates.signature,
    })
    .from(certificates)
    .innerJoin(students, eq(students.id, certificates.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .innerJoin(examAttempts, eq(examAttempts.id, certificates.attemptId))
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examAttempts.sessionId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCertificates>['where']>>[number];

function rowsWhere(db: Db, condition: SQL | undefined): Promise<Row[]> {
  return selectCertificates(db)
    .where(condition)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .limit(LIST_CAP);
}

function toCertificate(row: Row, today = centreDay(new Date())): Certificate {
  const claims = {
    serial: row.serial,
    idNumber: row.idNumber ?? '',
    nameEn: row.nameEn,
    nameAr: row.nameAr,
    courseEn: row.courseEn,
    courseAr: row.courseAr,
    score: row.score.toFixed(2),
    issuedOn: centreDay(row.issuedAt),
    validUntil: row.validUntil,
  };
  return {
    id: row.id,
    studentId: row.studentId,
    ...claims,
    status: certificateStatusOf({ validUntil: row.validUntil, revoked: row.revokedAt !== null }, today),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedAt ? row.revokedReason : null,
    code: codeOf(claims, row.signature),
  };
}

/** Staff who may read certificates: scores (read_19) or health-check (read_20). */
function isCertificateStaff(actor: Actor): boolean {
  return (
    isBackOfficeType(actor.type) &&
    (canAccess(actor.privileges, Resource.Scores, 'read') ||
      canAccess(actor.privileges, Resource.HealthCheck, 'read'))
  );
}

/** Whether an actor may see a certificate: its holder, the holder's corporate, staff of its branch. */
function maySee(actor: Actor, row: Row): boolean {
  if (actor.type === 'student') return row.studentUserId === actor.userId;
  if (actor.type === 'corporate') return actor.corporateId !== null && row.corporateId === actor.corporateId;
  if (!isCertificateStaff(actor)) return false;
  const branch = branchScopeOf(actor);
  return branch === undefined || row.branchId === branch;
}

async function findVisible(ctx: Ctx, id: number): Promise<Row> {
  const actor = actorOf(ctx);
  if (actor.type !== 'student' && actor.type !== 'corporate' && !isCertificateStaff(actor)) throw forbidden();
  const [row] = await rowsWhere(ctx.db, eq(certificates.id, id));
  if (!row || !maySee(actor, row)) throw notFound();
  return row;
}

export async function getCertificate(ctx: Ctx, id: number): Promise<Certificate> {
  return toCertificate(await findVisible(ctx, id));
}

/** Staff who may revoke: health-check edit (edit_20). */
function mayRevoke(actor: Actor): boolean {
  return isBackOfficeType(actor.type) && canAccess(actor.privileges, Resource.HealthCheck, 'edit');
}

/**
 * `POST /api/certificates/:id/revoke` (edit_20): withdraws a certificate for good, with the
 * reason. The row is locked first, so of two revokes at once one wins and the other finds it
 * revoked (409 CERTIFICATE_ALREADY_REVOKED). Staff of a branch revoke only certificates of exams
 * held in it (another branch's is 404, as for reading). From then on every status read (the
 * holder's list, health-check, the public inquiry and the QR's online check) says revoked.
 */
export const revokeCertificate = command({
  name: 'certificate.revoke',
  entity: 'certificates',
  idempotency: 'required',
  message: 'CERTIFICATE_REVOKED',
  load: async (ctx, input: { id: number; reason: string }) => {
    const actor = actorOf(ctx);
    if (!mayRevoke(actor)) throw forbidden();
    const [locked] = await ctx.db
      .select({ id: certificates.id, revokedAt: certificates.revokedAt })
      .from(certificates)
      .where(eq(certificates.id, input.id))
      .for('update');
    if (!locked) throw notFound();
    const [row] = await rowsWhere(ctx.db, eq(certificates.id, locked.id));
    const branch = branchScopeOf(actor);
    if (!row || (branch !== undefined && row.branchId !== branch)) throw notFound();
    return { revokedAt: locked.revokedAt };
  },
  run: async (ctx, input, before): Promise<Certificate> => {
    if (before.revokedAt !== null) throw new AppError('CERTIFICATE_ALREADY_REVOKED', { status: 409 });
    await ctx.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: input.reason })
      .where(eq(certificates.id, input.id));
    const [row] = await rowsWhere(ctx.db, eq(certificates.id, input.id));
    if (!row) throw notFound();
    return toCertificate(row);
  },
  audit: ({ input, result }) => ({
    entityId: input.id,
    before: { revokedAt: null },
    after: { serial: result.serial, revokedAt: result.revokedAt, reason: input.reason },
  }),
});

/** Newest first: by the time of issue, then the id. */
const NEWEST: SortSpec<{ id: number; issuedAt: Date }> = {
  column: certificates.issuedAt,
  kind: 'timestamp',
  valueOf: (row) => row.issuedAt.toISOString(),
};

/** The student's own certificates, or a corporate's students', newest first, a page at a time. */
export async function listMine(
  ctx: Ctx,
  query: { cursor?: string; limit: number },
): Promise<CertificatePage> {
  const actor = actorOf(ctx);
  const condition =
    actor.type === 'corporate'
      ? eq(students.corporateId, actor.corporateId ?? -1)
      : eq(students.userId, actor.userId);
  const page = await keysetPage(
    { order: 'desc', cursor: query.cursor, limit: query.limit },
    {
      rows: selectCertificates(ctx.db).$dynamic(),
      where: condition,
      sort: NEWEST,
      idColumn: certificates.id,
    },
  );
  const today = centreDay(new Date());
  return { items: page.items.map((row) => toCertificate(row, today)), nextCursor: page.nextCursor };
}

function keyCondition(query: CertificateSearchQuery): SQL {
  return query.number !== undefined
    ? eq(certificates.serial, query.number)
    : eq(users.idNumber, query.idNumber ?? '');
}

/** health-check (read_20): the staff inquiry by number or ID number, full names, the staff member's branch. */
export async function searchCertificates(ctx: Ctx, query: CertificateSearchQuery): Promise<CertificateList> {
  const actor = actorOf(ctx);
  const branch = branchScopeOf(actor);
  const rows = await rowsWhere(
    ctx.db,
    and(keyCondition(query), branch === undefined ? undefined : eq(scheduledSessions.branchId, branch)),
  );
  if (rows.length === 0) throw new AppError('CERTIFICATE_NOT_FOUND', { status: 404 });
  const today = centreDay(new Date());
  return { items: rows.map((row) => toCertificate(row, today)) };
}

/** The public inquiry's limit: this many per address in the window, challenge or not. */
export const PUBLIC_INQUIRIES_PER_ADDRESS = 20;
export const PUBLIC_INQUIRY_WINDOW_SECONDS = 10 * 60;

/**
 * The public health-certificate inquiry: counted per address first (a wrong or missing
 * challenge counts too), then a solved challenge is spent, then only masked names and ID.
 * An unknown number and an ID number with no certificate answer alike.
 */
export async function publicInquiry(
  ctx: Ctx,
  challenges: ChallengeSettings,
  query: CertificateSearchQuery & { altcha?: string | undefined },
): Promise<PublicCertificateList> {
  await enforceLimit(
    ctx.db,
    `certificate-inquiry:ip:${ctx.ip}`,
    PUBLIC_INQUIRIES_PER_ADDRESS,
    PUBLIC_INQUIRY_WINDOW_SECONDS,
  );
  await spendSolution(ctx.db, challenges, query.altcha);
  const rows = await rowsWhere(ctx.db, keyCondition(query));
  if (rows.length === 0) throw new AppError('CERTIFICATE_NOT_FOUND', { status: 404 });
  const today = centreDay(new Date());
  return {
    items: rows.map((row) => {
      const full = toCertificate(row, today);
      return {
        serial: full.serial,
        maskedNameEn: maskName(full.nameEn),
        maskedNameAr: maskName(full.nameAr),
        maskedIdNumber: maskIdNumber(full.idNumber),
        courseEn: full.courseEn,
        courseAr: full.courseAr,
        issuedOn: full.issuedOn,
        validUntil: full.validUntil,
        status: full.status,
      };
    }),
  };
}

/** The online status check's limit per address: an inspector checks a kitchen's staff in a row. */
export const STATUS_CHECKS_PER_ADDRESS = 60;
export const STATUS_CHECK_WINDOW_SECONDS = 10 * 60;

/**
 * The online check of a scanned code (`/verify` after its offline check): counted per address
 * first, then the code's Ed25519 signature is checked here (400 CERTIFICATE_CODE_INVALID when it
 * is not the centre's), then the certificate of that serial *and* that signature is looked up —
 * a code the key signed that is not on record (another database with the same secret) is 404
 * like an unknown serial. Answers only the status and the validity end, which the code carries.
 */
export async function certificateStatus(
  ctx: Ctx,
  signer: CertificateSigner,
  code: string,
): Promise<CertificateStatusAnswer> {
  await enforceLimit(
    ctx.db,
    `certificate-status:ip:${ctx.ip}`,
    STATUS_CHECKS_PER_ADDRESS,
    STATUS_CHECK_WINDOW_SECONDS,
  );
  const invalid = () => new AppError('CERTIFICATE_CODE_INVALID', { status: 400 });
  const split = splitCertificateCode(code);
  if (!split) throw invalid();
  const claims = readCertificateClaims(split.claimsBytes);
  if (!claims || !verify(null, split.claimsBytes, signer.publicKey, split.signature)) throw invalid();
  const [row] = await ctx.db
    .select({
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
      signature: certificates.signature,
    })
    .from(certificates)
    .where(eq(certificates.serial, claims.serial));
  if (!row || row.signature !== toBase64Url(split.signature)) {
    throw new AppError('CERTIFICATE_NOT_FOUND', { status: 404 });
  }
  return {
    status: certificateStatusOf(
      { validUntil: row.validUntil, revoked: row.revokedAt !== null },
      centreDay(new Date()),
    ),
    validUntil: row.validUntil,
  };
}

/** The holder's photo for the PDF (PNG or JPEG), its reading written to the sensitive-access log. */
async function photoOf(ctx: Ctx, row: Row): Promise<CertificateDocument['photo']> {
  if (!row.photoFileId) return undefined;
  const [file] = await ctx.db.select().from(files).where(eq(files.id, row.photoFileId));
  if (!file || (file.mimeType !== 'image/png' && file.mimeType !== 'image/jpeg')) return undefined;
  const bytes = await ctx.files.read(file.storageKey).catch(() => undefined);
  if (!bytes) return undefined;
  await ctx.db.insert(sensitiveAccessLog).values({
    userId: actorOf(ctx).userId,
    studentId: row.studentId,
    subject: 'photo',
    fileId: file.id,
    purpose: 'certificate',
  });
  return { bytes, mimeType: file.mimeType };
}

/** The certificate's PDF with its QR to `${origin}/verify#c=<code>`. */
export async function getCertificatePdf(
  ctx: Ctx,
  id: number,
  options: { origin: string; centre: { nameEn: string; nameAr: string } },
): Promise<{ serial: string; pdf: Buffer }> {
  const row = await findVisible(ctx, id);
  const loaded = await loadCertificateClaims(ctx.db, row.id);
  if (!loaded) throw notFound();
  const { claims, signature } = loaded;
  const pdf = await certificatePdf({
    centreNameEn: options.centre.nameEn,
    centreNameAr: options.centre.nameAr,
    ...claims,
    verifyUrl: verifyUrlOf(options.origin, codeOf(claims, signature)),
    photo: await photoOf(ctx, row),
  });
  return { serial: row.serial, pdf };
}

/** The verification page's address for a code: what the certificate's QR carries. */
export function verifyUrlOf(origin: string, code: string): string {
  return `${origin}/verify#c=${code}`;
}
