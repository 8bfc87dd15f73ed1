import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built single-page app: files as they are, and `index.html` for any other
 * path outside `/api` so that client routes load on a refresh.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web build not found: only the API is served');
    return;
  }
  await app.register(fastifyStatic, { root: options.distDir, wildcard: false, index: false });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    const file = path.join(options.distDir, decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (file.startsWith(options.distDir) && path.extname(file) && existsSync(file)) {
      return reply.sendFile(path.relative(options.distDir, file));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
