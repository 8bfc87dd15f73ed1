import {
  type Certificate,
  type CertificateList,
  type CertificatePage,
  type CertificateSearchQuery,
  centreDay,
  maskIdNumber,
  maskName,
  type PublicCertificateList,
} from '@tasreeh/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import { certificates, files, sensitiveAccessLog } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type CommandCtx, command } from '../../lib/command.ts';
import { actorOf, type Ctx } from '../../lib/context.ts';
import { keysetPage, type SortSpec } from '../../lib/keyset.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { type ChallengeSettings, spendSolution } from '../auth/index.ts';
import { claimsOf, codeOf } from './claims.ts';
import { type CertificateDocument, certificatePdf } from './pdf.ts';
import { certificatesPolicy, ownCertificatesOf, searchScopeOf } from './policy.ts';
import { type CertificateRow, rowOf, rowsWhere, selectCertificates, toCertificate } from './rows.ts';

async function findVisible(ctx: Ctx, id: number): Promise<CertificateRow> {
  const actor = actorOf(ctx);
  certificatesPolicy.assert(actor, 'readSome', undefined);
  const row = await rowOf(ctx.db, id);
  if (!row || !certificatesPolicy.may(actor, 'read', row)) throw notFound();
  return row;
}

export async function getCertificate(ctx: Ctx, id: number): Promise<Certificate> {
  return toCertificate(await findVisible(ctx, id), ctx.actor);
}

/**
 * The load step of a change to a certificate (revoke, reissue): staff with edit_20 only (403),
 * the row locked `FOR UPDATE` so that of two changes at once the second sees the first, and a
 * certificate of an exam held in another branch answered 404 as for reading.
 */
export async function lockManagedCertificate(ctx: CommandCtx, id: number): Promise<CertificateRow> {
  const [locked] = await ctx.db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.id, id))
    .for('update');
  return managedOf(ctx, locked ? await rowOf(ctx.db, locked.id) : undefined);
}

/** A certificate the caller may manage (edit_20, 403 otherwise) and of its branch (404 otherwise). */
function managedOf(ctx: Ctx, row: CertificateRow | undefined): CertificateRow {
  const actor = actorOf(ctx);
  certificatesPolicy.assert(actor, 'manage', undefined);
  if (!row || !certificatesPolicy.may(actor, 'reach', row)) throw notFound();
  return row;
}

/**
 * The guard of revoke and reissue, before the body is read (decision 0027): a certificate the
 * caller may manage, of its branch (another branch's is 404, as for reading). The command locks
 * and checks it again.
 */
export async function assertManagesCertificate(ctx: Ctx, { id }: { id: number }): Promise<void> {
  managedOf(ctx, await rowOf(ctx.db, id));
}

/** A certificate no longer in force cannot be revoked or reissued again: which 409 says why. */
export function refuseIfWithdrawn(row: CertificateRow): void {
  if (row.reissuedAs) throw new AppError('CERTIFICATE_ALREADY_REISSUED', { status: 409 });
  if (row.revokedAt) throw new AppError('CERTIFICATE_ALREADY_REVOKED', { status: 409 });
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
    const row = await lockManagedCertificate(ctx, input.id);
    refuseIfWithdrawn(row);
    return { row };
  },
  authorize: certificatesPolicy.authorize('revoke', ({ row }: { row: CertificateRow }) => row),
  run: async (ctx, input): Promise<Certificate> => {
    await ctx.db
      .update(certificates)
      .set({ revokedAt: new Date(), revokedReason: input.reason, updatedAt: new Date() })
      .where(eq(certificates.id, input.id));
    const revoked = await rowOf(ctx.db, input.id);
    if (!revoked) throw notFound();
    return toCertificate(revoked, ctx.actor);
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
  const condition = ownCertificatesOf(actorOf(ctx));
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
  return {
    items: page.items.map((row) => toCertificate(row, ctx.actor, today)),
    nextCursor: page.nextCursor,
  };
}

/** By the number, or by the ID number the certificate states (not the holder's profile now). */
function keyCondition(query: CertificateSearchQuery): SQL {
  return query.number !== undefined
    ? eq(certificates.serial, query.number)
    : eq(certificates.holderIdNumber, query.idNumber ?? '');
}

/** health-check (read_20): the staff inquiry by number or ID number, full names, the staff member's branch. */
export async function searchCertificates(ctx: Ctx, query: CertificateSearchQuery): Promise<CertificateList> {
  const actor = actorOf(ctx);
  const rows = await rowsWhere(ctx.db, and(keyCondition(query), searchScopeOf(actor)));
  if (rows.length === 0) throw new AppError('CERTIFICATE_NOT_FOUND', { status: 404 });
  const today = centreDay(new Date());
  return { items: rows.map((row) => toCertificate(row, actor, today)) };
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
      const full = toCertificate(row, undefined, today);
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

/** The image types a certificate's photo is kept in (all of them Typst prints). */
export function isPrintablePhoto(mimeType: string): mimeType is 'image/png' | 'image/jpeg' | 'image/webp' {
  return mimeType === 'image/png' || mimeType === 'image/jpeg' || mimeType === 'image/webp';
}

/**
 * The photo a certificate keeps (its own copy, from its issue) and its reading written to the
 * sensitive-access log, by whom (none for a public reader) and why; undefined without one.
 */
export async function readCertificatePhoto(
  ctx: Ctx,
  row: Pick<CertificateRow, 'photoFileId' | 'studentId'>,
  reader: { userId: number | null; purpose: string },
): Promise<{ bytes: Buffer; mimeType: 'image/png' | 'image/jpeg' | 'image/webp' } | undefined> {
  if (!row.photoFileId) return undefined;
  const [file] = await ctx.db.select().from(files).where(eq(files.id, row.photoFileId));
  if (!file || !isPrintablePhoto(file.mimeType)) return undefined;
  const bytes = await ctx.files.read(file.storageKey).catch(() => undefined);
  if (!bytes) return undefined;
  await ctx.db.insert(sensitiveAccessLog).values({
    userId: reader.userId,
    studentId: row.studentId,
    subject: 'photo',
    fileId: file.id,
    purpose: reader.purpose,
  });
  return { bytes, mimeType: file.mimeType };
}

/** The certificate's PDF, all of it from what the certificate states, with its QR to `${origin}/verify#c=<code>`. */
export async function getCertificatePdf(
  ctx: Ctx,
  id: number,
  options: { origin: string; centre: { nameEn: string; nameAr: string } },
): Promise<{ serial: string; pdf: Buffer }> {
  const row = await findVisible(ctx, id);
  const claims = claimsOf(row);
  const document: CertificateDocument = {
    centreNameEn: options.centre.nameEn,
    centreNameAr: options.centre.nameAr,
    ...claims,
    verifyUrl: verifyUrlOf(options.origin, codeOf(claims, row.signature)),
    photo: await readCertificatePhoto(ctx, row, { userId: actorOf(ctx).userId, purpose: 'certificate' }),
  };
  return { serial: row.serial, pdf: await certificatePdf(document) };
}

/** The verification page's address for a code: what the certificate's QR carries. */
export function verifyUrlOf(origin: string, code: string): string {
  return `${origin}/verify#c=${code}`;
}
