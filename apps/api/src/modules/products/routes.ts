import {
  IdSchema,
  ListCount,
  PRODUCT_IMAGE_RULE,
  Product,
  ProductCountQuery,
  ProductInput,
  ProductListQuery,
  ProductPage,
  PublicProduct,
  PublicProductCountQuery,
  PublicProductListQuery,
  PublicProductPage,
} from '@tasreeh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { readMultipartForm, requireFile } from '../../lib/multipart.ts';
import { sendFile } from '../../lib/send-file.ts';
import { readProductImage, replaceProductImage } from './image.ts';
import { productsPolicy } from './policy.ts';
import * as products from './service.ts';

const IdParams = z.strictObject({ id: IdSchema });
const Saved = z.object({ id: z.number(), message: z.string() });

/** Products (spec resource 16): product, product-add, edit-product; the public /products catalogue. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/products', {
    schema: { tags: ['products'], querystring: ProductListQuery, response: { 200: ProductPage } },
    config: productsPolicy.route('read'),
    handler: (request) => products.listProducts(ctxOf(request), request.query),
  });

  app.get('/products/count', {
    schema: { tags: ['products'], querystring: ProductCountQuery, response: { 200: ListCount } },
    config: productsPolicy.route('read'),
    handler: (request) => products.countProducts(ctxOf(request), request.query),
  });

  app.post('/products', {
    schema: { tags: ['products'], body: ProductInput, response: { 201: Saved } },
    config: productsPolicy.route('change'),
    handler: async (request, reply) =>
      reply.status(201).send(await products.createProduct(ctxOf(request), request.body)),
  });

  app.get('/products/:id', {
    schema: { tags: ['products'], params: IdParams, response: { 200: Product } },
    config: productsPolicy.route('read'),
    handler: (request) => products.getProduct(ctxOf(request), request.params.id),
  });

  app.patch('/products/:id', {
    schema: { tags: ['products'], params: IdParams, body: ProductInput, response: { 200: Saved } },
    config: productsPolicy.route('change'),
    handler: (request) =>
      products.updateProduct(ctxOf(request), { id: request.params.id, input: request.body }),
  });

  app.put('/products/:id/image', {
    schema: {
      tags: ['products'],
      description: 'multipart/form-data with one file field `file` (JPEG/PNG/WEBP, ≤ 2 MB).',
      params: IdParams,
      response: { 200: Saved },
    },
    config: productsPolicy.route('change'),
    handler: async (request) => {
      const form = await readMultipartForm(request, { file: PRODUCT_IMAGE_RULE });
      const file = requireFile(form.files.file, 'file');
      return replaceProductImage(ctxOf(request), { id: request.params.id, file });
    },
  });

  app.get('/public/products', {
    schema: {
      tags: ['products'],
      querystring: PublicProductListQuery,
      response: { 200: PublicProductPage },
    },
    config: productsPolicy.route('catalogue'),
    handler: (request) => products.listPublicProducts(ctxOf(request), request.query),
  });

  app.get('/public/products/count', {
    schema: {
      tags: ['products'],
      querystring: PublicProductCountQuery,
      response: { 200: ListCount },
    },
    config: productsPolicy.route('catalogue'),
    handler: (request) => products.countPublicProducts(ctxOf(request), request.query),
  });

  app.get('/public/products/:id', {
    schema: { tags: ['products'], params: IdParams, response: { 200: PublicProduct } },
    config: productsPolicy.route('catalogue'),
    handler: (request) => products.getPublicProduct(ctxOf(request), request.params.id),
  });

  app.get('/public/product-images/:fileId', {
    schema: { tags: ['products'], params: z.strictObject({ fileId: z.uuid({ error: 'NOT_FOUND' }) }) },
    config: productsPolicy.route('catalogue'),
    handler: async (request, reply) => {
      return sendFile(
        reply,
        await readProductImage(ctxOf(request), app.deps.files, request.params.fileId),
        'public, max-age=31536000, immutable',
      );
    },
  });
};
