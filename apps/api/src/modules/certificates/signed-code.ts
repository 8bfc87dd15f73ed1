import { verify } from 'node:crypto';
import {
  type CertificateStatusAnswer,
  centreDay,
  certificateStatusOf,
  readCertificateClaims,
  splitCertificateCode,
  toBase64Url,
} from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import { certificates } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/context.ts';
import { enforceLimit } from '../../lib/rate-limit.ts';
import { readCertificatePhoto } from './service.ts';
import type { CertificateSigner } from './signing-key.ts';

/** The online checks' limit per address (each route its own): an inspector checks a kitchen's staff in a row. */
export const STATUS_CHECKS_PER_ADDRESS = 60;
export const STATUS_CHECK_WINDOW_SECONDS = 10 * 60;

/**
 * The certificate a scanned code stands for, for a public caller who holds the code: counted per
 * address first (under `limit`), then the code's Ed25519 signature is checked here (400
 * CERTIFICATE_CODE_INVALID when it is not the centre's), then the certificate of that serial
 * *and* that signature is looked up — a code the key signed that is not on record (another
 * database with the same secret) is 404 like an unknown serial.
 */
async function certificateOfCode(ctx: Ctx, signer: CertificateSigner, code: string, limit: string) {
  await enforceLimit(ctx.db, `${limit}:ip:${ctx.ip}`, STATUS_CHECKS_PER_ADDRESS, STATUS_CHECK_WINDOW_SECONDS);
  const invalid = () => new AppError('CERTIFICATE_CODE_INVALID', { status: 400 });
  const split = splitCertificateCode(code);
  if (!split) throw invalid();
  const claims = readCertificateClaims(split.claimsBytes);
  if (!claims || !verify(null, split.claimsBytes, signer.publicKey, split.signature)) throw invalid();
  const [row] = await ctx.db
    .select({
      studentId: certificates.studentId,
      validUntil: certificates.validUntil,
      revokedAt: certificates.revokedAt,
      signature: certificates.signature,
      photoFileId: certificates.photoFileId,
    })
    .from(certificates)
    .where(eq(certificates.serial, claims.serial));
  if (!row || row.signature !== toBase64Url(split.signature)) {
    throw new AppError('CERTIFICATE_NOT_FOUND', { status: 404 });
  }
  const status = certificateStatusOf(
    { validUntil: row.validUntil, revoked: row.revokedAt !== null },
    centreDay(new Date()),
  );
  return { ...row, status };
}

/**
 * The online check of a scanned code (`/verify` after its offline check, decision 0017): only the
 * status and the validity end, which the code carries.
 */
export async function certificateStatus(
  ctx: Ctx,
  signer: CertificateSigner,
  code: string,
): Promise<CertificateStatusAnswer> {
  const { status, validUntil } = await certificateOfCode(ctx, signer, code, 'certificate-status');
  return { status, validUntil };
}

/**
 * The holder's photo that a certificate in force keeps, for the caller who holds its signed code
 * (`/verify` after a good online check; decision 0025): the photo is personal data, so never by an
 * id alone, and only while the certificate certifies something — a revoked or expired one's photo
 * proves nothing to an inspector (410 CERTIFICATE_NOT_IN_FORCE). Each reading is logged.
 */
export async function certificatePhoto(ctx: Ctx, signer: CertificateSigner, code: string) {
  const certificate = await certificateOfCode(ctx, signer, code, 'certificate-photo');
  if (certificate.status !== 'valid') throw new AppError('CERTIFICATE_NOT_IN_FORCE', { status: 410 });
  const photo = await readCertificatePhoto(ctx, certificate, { userId: null, purpose: 'certificate-check' });
  if (!photo) throw new AppError('CERTIFICATE_NO_PHOTO', { status: 404 });
  return photo;
}
