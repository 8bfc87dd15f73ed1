import { hkdfSync } from 'node:crypto';
import multipart from '@fastify/multipart';
import { type ErrorEnvelope, languageFromHeader, translateMessage } from '@tasreeh/shared';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
import { invalidTextError, pathsOfInvalidText } from './lib/text-check.ts';
import { secretKey } from './modules/auth/tokens.ts';
import { registerModules } from './modules/index.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { webPlugin } from './plugins/web.ts';

export interface Deps {
  config: Config;
  db: Db;
  engine: Database['engine'];
  tokenKey: Uint8Array;
  /** Keys the hashes of one-time codes; derived from the secret, never the signing key itself. */
  codeKey: Uint8Array;
  files: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** The `/Auth/{token}` hand-off carries a token in its path: logged without it. */
export function redactUrl(url: string): string {
  return url.replace(/^\/Auth\/[^?#]*/i, '/Auth/[redacted]');
}

/** Credentials in the request headers: never written to a log line. */
const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * An error as logged: a failed query's message and `params` would carry the values it was
 * given (hashes, codes), so only the database's own reason is kept.
 */
export function serializeError(error: unknown) {
  // pino's serializer takes anything thrown; it reads only the fields an Error has.
  const serialized = pino.stdSerializers.err(error as Error);
  if (typeof error !== 'object' || error === null || !('params' in error && 'query' in error))
    return serialized;
  const cause =
    'cause' in error && typeof error.cause === 'object' && error.cause !== null ? error.cause : {};
  return {
    type: serialized.type,
    message: 'database query failed',
    cause: 'message' in cause ? String(cause.message) : undefined,
    code: 'code' in cause ? String(cause.code) : undefined,
    // The stack's first line repeats the message, values and all: only the frames are kept.
    stack: serialized.stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/** A hop count becomes "the nearest N addresses are proxies", the rule proxy-addr applies to a number. */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** The whole API: plugins in a fixed order, then the modules. Tests build it the same way. */
export async function buildApp(options: {
  config: Config;
  database: Database;
  logger?: boolean;
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: REDACTED_PATHS,
            serializers: {
              err: serializeError,
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    // Requests Fastify refuses before routing (a malformed URL…) get the same envelope as the rest.
    frameworkErrors: (error, request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      const envelope: ErrorEnvelope = {
        statusCode: 400,
        code: 'MALFORMED_REQUEST',
        message: translateMessage('MALFORMED_REQUEST', lang),
      };
      request.log.info({ code: error.code }, 'request refused before routing');
      // The reply of a request that never reached a route has no route types to check against.
      void (reply as FastifyReply).status(400).send(envelope);
    },
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    config,
    db: database.db,
    engine: database.engine,
    tokenKey: secretKey(config.jwtSecret),
    codeKey: new Uint8Array(hkdfSync('sha256', config.jwtSecret, 'tasreeh', 'one-time codes', 32)),
    files: createFileStore(config.dataDir),
  });
  // An empty JSON body (a POST with nothing to say, like logout) is no body rather than bad JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('MALFORMED_REQUEST', { status: 400 }), undefined);
    }
  });
  // A body-less POST is read as an empty object, so that missing fields get their own messages.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  // A NUL or an unpaired surrogate anywhere in the request is refused here, once for every route,
  // before a handler could store part of it (multipart forms are checked as they are read).
  app.addHook('preValidation', async (request) => {
    const paths = [request.params, request.query, request.body].flatMap(pathsOfInvalidText);
    if (paths.length > 0) throw invalidTextError(paths);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  // Uploads: whole-request limits here; each form's own file rules are checked as it is read.
  await app.register(multipart, {
    limits: { files: 4, fields: 60, fieldSize: 10_000, fileSize: 10 * 1024 * 1024, parts: 64 },
  });
  // The session is read before the access rule is checked: hooks run in registration order.
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(docsPlugin);
  await registerModules(app);
  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
