import { IdSchema, Invoice } from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { invoicesPolicy } from './policy.ts';
import * as service from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });

/** Invoices and credit notes (issue 11): their payer, a teller of their branch, finance (read_10 or read_17). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/invoices/:id', {
    schema: { tags: ['invoices'], params: IdParams, response: { 200: Invoice } },
    config: invoicesPolicy.route('read'),
    handler: (request) => service.getInvoice(ctxOf(request), request.params.id),
  });

  app.get('/invoices/:id/pdf', {
    schema: {
      tags: ['invoices'],
      description: 'The bilingual A4 PDF (application/pdf) with the ZATCA QR code.',
      params: IdParams,
    },
    config: invoicesPolicy.route('read'),
    handler: async (request, reply) => {
      const { number, pdf } = await service.getInvoicePdf(ctxOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};
