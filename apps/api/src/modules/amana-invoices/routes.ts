import {
  AmanaInvoiceCount,
  AmanaInvoiceCountQuery,
  AmanaInvoiceDetail,
  AmanaInvoiceInput,
  AmanaInvoiceIssued,
  AmanaInvoiceListQuery,
  AmanaInvoicePage,
  AmanaVerified,
  AmanaVerifyInput,
  IdSchema,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { amanaInvoicesPolicy } from './policy.ts';
import * as service from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });

/** The Amanah's invoices (spec amana-invoice, amana-invoice/{id}, amana-invoice-verification; issue 13). */
export const amanaInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/amana-invoices', {
    schema: {
      tags: ['amana-invoices'],
      description:
        "The Amanah's invoices, newest first, by keyset (`cursor`): finance (read_10) or the Amanah (read_18); staff of a branch see their branch's. Filters: `branchId`, `status`, `from`/`to` (periods overlapping those days), `search` (part of the number).",
      querystring: AmanaInvoiceListQuery,
      response: { 200: AmanaInvoicePage },
    },
    config: amanaInvoicesPolicy.route('read'),
    handler: (request) => service.listAmanaInvoices(ctxOf(request), request.query),
  });

  app.get('/amana-invoices/count', {
    schema: {
      tags: ['amana-invoices'],
      description: 'How many invoices the list with the same filters holds (capped).',
      querystring: AmanaInvoiceCountQuery,
      response: { 200: AmanaInvoiceCount },
    },
    config: amanaInvoicesPolicy.route('read'),
    handler: (request) => service.countAmanaInvoices(ctxOf(request), request.query),
  });

  app.get('/amana-invoices/:id', {
    schema: {
      tags: ['amana-invoices'],
      description:
        "An invoice and its lines: each payment's Amanah fee with its payer (a student's name and ID number, or a corporate's name and CR) and the batch that verified it.",
      params: IdParams,
      response: { 200: AmanaInvoiceDetail },
    },
    config: amanaInvoicesPolicy.route('read'),
    handler: (request) => service.getAmanaInvoice(ctxOf(request), request.params.id),
  });

  app.get('/amana-invoices/:id/pdf', {
    schema: {
      tags: ['amana-invoices'],
      description:
        "The bilingual A4 PDF (application/pdf): the centre as seller, the Amanah as buyer, each line's payer with its ID or CR, its payment's invoice number, its share and its batch. Same readers as the invoice.",
      params: IdParams,
    },
    config: amanaInvoicesPolicy.route('read'),
    handler: async (request, reply) => {
      const { number, pdf } = await service.getAmanaInvoicePdf(
        ctxOf(request),
        request.params.id,
        app.deps.config.seller,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  app.post('/amana-invoices', {
    schema: {
      tags: ['amana-invoices'],
      description:
        'Issues the invoice of a branch and period (create_10 or create_18): every paid payment of the branch paid in those Riyadh days with an Amanah fee and on no invoice yet, one line each; posts the journal. Nothing left → 400 AMANA_NOTHING_TO_INVOICE; the same payments invoiced at the same moment → 409 AMANA_ALREADY_INVOICED. Requires an `Idempotency-Key` header.',
      body: AmanaInvoiceInput,
      response: { 201: AmanaInvoiceIssued },
    },
    config: amanaInvoicesPolicy.route('issue'),
    handler: async (request, reply) =>
      reply.status(201).send(await service.issueAmanaInvoice(ctxOf(request), request.body)),
  });

  app.post('/amana-invoices/:id/verify', {
    schema: {
      tags: ['amana-invoices'],
      description:
        "The Amanah verifies a batch (edit_18): a batch number used never before (else 409 AMANA_BATCH_USED) and at least one unverified line of this invoice (else SELECT_STUDENTS / 409 AMANA_ALREADY_VERIFIED), each with the student ID or corporate CR shown on screen, which must match the line's payer (else AMANA_REFERENCE_MISMATCH). Requires an `Idempotency-Key` header.",
      params: IdParams,
      body: AmanaVerifyInput,
      response: { 200: AmanaVerified },
    },
    config: amanaInvoicesPolicy.route('verify'),
    handler: (request) =>
      service.verifyAmanaBatch(ctxOf(request), { ...request.body, id: request.params.id }),
  });
};
