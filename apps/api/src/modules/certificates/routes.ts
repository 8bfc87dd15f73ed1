import {
  Certificate,
  CertificateKey,
  CertificateList,
  CertificateListQuery,
  CertificatePage,
  CertificateReissueInput,
  CertificateRevokeInput,
  CertificateSearchQuery,
  CertificateStatusAnswer,
  CertificateStatusQuery,
  IdSchema,
  PublicCertificateList,
  PublicCertificateQuery,
  toBase64Url,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { rowGuard } from '../../plugins/access.ts';
import { challengeSettings } from '../auth/index.ts';
import { certificateIssuerOf } from './issue.ts';
import { certificatesPolicy } from './policy.ts';
import { reissueCertificate } from './reissue.ts';
import * as service from './service.ts';
import { certificatePhoto, certificateStatus } from './signed-code.ts';

const IdParams = z.strictObject({ id: IdSchema });
/** Revoke and reissue: edit_20, on a certificate of the caller's branch, checked before the body. */
const MANAGERS = {
  ...certificatesPolicy.route('manage'),
  guard: rowGuard(IdParams, service.assertManagesCertificate),
} as const;

/**
 * Certificates (issue 12): the holder's, their corporate's and staff's (read_19 or read_20) view
 * and PDF; health-check (read_20), the staff inquiry, its revoke and reissue (edit_20); the public
 * inquiry behind the ALTCHA challenge with masked fields; the public key the offline verification
 * page checks codes with, and the online status check and holder's photo of a signed code (no
 * challenge: they need the code; decisions 0017 and 0025). Every answer states what the
 * certificate said at its issue, never the holder's profile now.
 */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, certificateSigner } = app.deps;
  const challenges = challengeSettings(config.jwtSecret, config.challengeMaxNumber);
  const reissue = reissueCertificate(certificateIssuerOf(app.deps));

  app.get('/certificates', {
    schema: {
      tags: ['certificates'],
      description: "The student's own certificates, or a corporate's students' (newest first, keyset pages).",
      querystring: CertificateListQuery,
      response: { 200: CertificatePage },
    },
    config: certificatesPolicy.route('mine'),
    handler: (request) => service.listMine(ctxOf(request), request.query),
  });

  app.get('/certificates/search', {
    schema: {
      tags: ['certificates'],
      description: 'health-check: the staff inquiry by certificate number or ID number (full names).',
      querystring: CertificateSearchQuery,
      response: { 200: CertificateList },
    },
    config: certificatesPolicy.route('search'),
    handler: (request) => service.searchCertificates(ctxOf(request), request.query),
  });

  app.get('/certificates/:id', {
    schema: { tags: ['certificates'], params: IdParams, response: { 200: Certificate } },
    config: certificatesPolicy.route('read'),
    handler: (request) => service.getCertificate(ctxOf(request), request.params.id),
  });

  app.post('/certificates/:id/revoke', {
    schema: {
      tags: ['certificates'],
      description:
        "health-check (edit_20): revokes a certificate for good, with the reason (3–500 characters); the staff member's branch only. Needs an `Idempotency-Key`. Already revoked: 409 CERTIFICATE_ALREADY_REVOKED.",
      params: IdParams,
      body: CertificateRevokeInput,
      response: { 200: Certificate.extend({ message: z.string() }) },
    },
    config: MANAGERS,
    handler: (request) =>
      service.revokeCertificate(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  app.post('/certificates/:id/reissue', {
    schema: {
      tags: ['certificates'],
      description:
        'health-check (edit_20): a name correction after issue. Issues a new certificate number for the same pass from the holder\'s profile as it is now, revokes this one with the reason "reissued" (linked to the new one) and answers the new one; the staff member\'s branch only, the reason (3–500 characters) goes to the audit log. Needs an `Idempotency-Key`. Already reissued or revoked: 409 CERTIFICATE_ALREADY_REISSUED / CERTIFICATE_ALREADY_REVOKED.',
      params: IdParams,
      body: CertificateReissueInput,
      response: { 200: Certificate.extend({ message: z.string() }) },
    },
    config: MANAGERS,
    handler: (request) => reissue(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  app.get('/certificates/:id/pdf', {
    schema: {
      tags: ['certificates'],
      description:
        'The bilingual A4 certificate (application/pdf) as it was issued: the names, ID number and photo it keeps, and the signed QR.',
      params: IdParams,
    },
    config: certificatesPolicy.route('read'),
    handler: async (request, reply) => {
      const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
      const { serial, pdf } = await service.getCertificatePdf(ctxOf(request), request.params.id, {
        origin,
        centre: config.seller,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${serial}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.get('/public/certificates', {
    schema: {
      tags: ['certificates'],
      description:
        'The public health-certificate inquiry: a certificate number or an ID number with a solved ALTCHA challenge (`altcha`); masked name and ID, status and validity.',
      querystring: PublicCertificateQuery,
      response: { 200: PublicCertificateList },
    },
    config: certificatesPolicy.route('public'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.publicInquiry(ctxOf(request), challenges, request.query);
    },
  });

  app.post('/public/certificates/status', {
    schema: {
      tags: ['certificates'],
      description:
        "The online check of a certificate's signed code (what its QR carries): the signature is checked here (400 CERTIFICATE_CODE_INVALID), then only the status (valid, expired, revoked) and the validity end. No challenge — the caller holds the signed code — but rate-limited per address.",
      body: CertificateStatusQuery,
      response: { 200: CertificateStatusAnswer },
    },
    config: certificatesPolicy.route('public'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return certificateStatus(ctxOf(request), certificateSigner, request.body.code);
    },
  });

  app.post('/public/certificates/photo', {
    schema: {
      tags: ['certificates'],
      description:
        "The holder's photo (PNG, JPEG or WEBP bytes) that a certificate keeps from its issue, for the caller who holds its signed code (the code in the body, never in the address): 400 CERTIFICATE_CODE_INVALID for a code the centre did not sign, 404 CERTIFICATE_NOT_FOUND when not on record, 410 CERTIFICATE_NOT_IN_FORCE for a revoked or expired certificate, 404 CERTIFICATE_NO_PHOTO without one. Rate-limited per address like the status check; each reading is logged.",
      body: CertificateStatusQuery,
    },
    config: certificatesPolicy.route('public'),
    handler: async (request, reply) => {
      const photo = await certificatePhoto(ctxOf(request), certificateSigner, request.body.code);
      return sendFile(reply, photo, 'no-store');
    },
  });

  const publicKey = toBase64Url(certificateSigner.publicKeyRaw);
  app.get('/public/certificate-key', {
    schema: {
      tags: ['certificates'],
      description:
        "The centre's Ed25519 public key (raw 32 bytes, base64url) that checks a certificate's code.",
      response: { 200: CertificateKey },
    },
    config: certificatesPolicy.route('public'),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { algorithm: 'Ed25519' as const, publicKey };
    },
  });
};
