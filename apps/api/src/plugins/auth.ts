import { type Language, languageFromHeader } from '@tasreeh/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/context.ts';
import { loadActor } from '../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | undefined;
    lang: Language;
    bearerToken: string | undefined;
  }
}

function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Reads the caller's language and, on routes that are not public, the session behind the bearer token. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', undefined);
  app.decorateRequest('lang', 'en');
  app.decorateRequest('bearerToken', undefined);

  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers['accept-language']);
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = bearerOf(request.headers.authorization);
    if (!token) return;
    request.bearerToken = token;
    request.actor = await loadActor(app.deps.db, app.deps.tokenKey, token, request.lang);
  });
});
