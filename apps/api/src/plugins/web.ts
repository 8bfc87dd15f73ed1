import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed build output: a changed file gets a new name, so a copy may be kept for a year. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon, robots.txt): kept, but checked with the server each time. */
export const REVALIDATED_CACHE = 'no-cache';

/**
 * Serves the built single-page app: files as they are, a screen the build rendered as HTML
 * (`login.html` for `/login`; apps/web build/prerender.ts) for its path, and `index.html` for any
 * other path outside `/api` so that client routes load on a refresh. The build writes a brotli
 * (`.br`) and a gzip (`.gz`) copy next to each compressible file; the one the browser
 * accepts is sent with `Content-Encoding` (and `Vary: Accept-Encoding`).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web build not found: only the API is served');
    return;
  }
  const assetsDir = path.join(options.distDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header('cache-control', file.startsWith(assetsDir) ? HASHED_ASSET_CACHE : REVALIDATED_CACHE);
    },
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') return reply.callNotFound();
    const file = path.join(options.distDir, decodeURIComponent(request.url.split('?')[0] ?? '/'));
    if (!file.startsWith(options.distDir)) return reply.sendFile('index.html');
    if (path.extname(file) && existsSync(file)) return reply.sendFile(path.relative(options.distDir, file));
    const prerendered = `${file.replace(/[\\/]+$/, '')}.html`;
    if (
      !path.extname(file) &&
      prerendered.startsWith(options.distDir + path.sep) &&
      existsSync(prerendered)
    ) {
      return reply.sendFile(path.relative(options.distDir, prerendered));
    }
    return reply.sendFile('index.html');
  });
});
