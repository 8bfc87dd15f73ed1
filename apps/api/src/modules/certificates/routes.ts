import {
  Certificate,
  CertificateKey,
  CertificateList,
  CertificateListQuery,
  CertificatePage,
  CertificateRevokeInput,
  CertificateSearchQuery,
  CertificateStatusAnswer,
  CertificateStatusQuery,
  IdSchema,
  PublicCertificateList,
  PublicCertificateQuery,
  Resource,
  toBase64Url,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { challengeSettings } from '../auth/challenge.ts';
import * as service from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });

/**
 * Certificates (issue 12): the holder's, their corporate's and staff's (read_19 or read_20) view
 * and PDF; health-check (read_20), the staff inquiry, and its revoke (edit_20); the public inquiry behind the ALTCHA
 * challenge with masked fields; the public key the offline verification page checks codes with,
 * and the online status check of a signed code (no challenge: it needs the code; decision 0017).
 */
export const certificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  const challenges = challengeSettings(config.jwtSecret, config.challengeMaxNumber);

  app.get('/certificates', {
    schema: {
      tags: ['certificates'],
      description: "The student's own certificates, or a corporate's students' (newest first, keyset pages).",
      querystring: CertificateListQuery,
      response: { 200: CertificatePage },
    },
    config: { access: { types: ['student', 'corporate'] } },
    handler: (request) => service.listMine(ctxOf(request), request.query),
  });

  app.get('/certificates/search', {
    schema: {
      tags: ['certificates'],
      description: 'health-check: the staff inquiry by certificate number or ID number (full names).',
      querystring: CertificateSearchQuery,
      response: { 200: CertificateList },
    },
    config: { access: { permission: { resource: Resource.HealthCheck, action: 'read' } } },
    handler: (request) => service.searchCertificates(ctxOf(request), request.query),
  });

  app.get('/certificates/:id', {
    schema: { tags: ['certificates'], params: IdParams, response: { 200: Certificate } },
    config: { access: 'session' },
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
    config: { access: { permission: { resource: Resource.HealthCheck, action: 'edit' } } },
    handler: (request) =>
      service.revokeCertificate(ctxOf(request), { id: request.params.id, reason: request.body.reason }),
  });

  app.get('/certificates/:id/pdf', {
    schema: {
      tags: ['certificates'],
      description: 'The bilingual A4 certificate (application/pdf) with the photo and the signed QR.',
      params: IdParams,
    },
    config: { access: 'session' },
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
    config: { access: 'public' },
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
    config: { access: 'public' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.certificateStatus(ctxOf(request), app.deps.certificateSigner, request.body.code);
    },
  });

  const publicKey = toBase64Url(app.deps.certificateSigner.publicKeyRaw);
  app.get('/public/certificate-key', {
    schema: {
      tags: ['certificates'],
      description:
        "The centre's Ed25519 public key (raw 32 bytes, base64url) that checks a certificate's code.",
      response: { 200: CertificateKey },
    },
    config: { access: 'public' },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { algorithm: 'Ed25519' as const, publicKey };
    },
  });
};
