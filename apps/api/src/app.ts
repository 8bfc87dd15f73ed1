import { hkdfSync } from 'node:crypto';
import multipart from '@fastify/multipart';
import { type ErrorEnvelope, languageFromHeader, translateMessage } from '@tasreeh/shared';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { jobDefinitions } from './jobs/registry.ts';
import { AppError } from './lib/app-error.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
import { createJobQueue, type JobQueue } from './lib/jobs/queue.ts';
import { invalidTextError, pathsOfInvalidText } from './lib/text-check.ts';
import { secretKey } from './modules/auth/index.ts';
import { type CertificateSigner, certificateSigner } from './modules/certificates/index.ts';
import { registerModules } from './modules/index.ts';
import { accessPlugin } from './plugins/access.ts';
import { authPlugin } from './plugins/auth.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { unreadBodyPlugin } from './plugins/unread-body.ts';
import { webPlugin } from './plugins/web.ts';

export interface Deps {
  config: Config;
  db: Db;
  engine: Database['engine'];
  tokenKey: Uint8Array;
  /** Keys the hashes of one-time codes; derived from the secret, never the signing key itself. */
  codeKey: Uint8Array;
  /** Keys the request hashes stored with Idempotency-Keys, so a stored hash reveals nothing of a request's secrets. */
  requestHashKey: Uint8Array;
  files: FileStore;
  /** The job runner's queue (pg-boss on this same database). */
  jobs: JobQueue;
  /** Signs certificates' QR codes (Ed25519, derived from the secret). */
  certificateSigner: CertificateSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/** Arabic-Indic and Extended Arabic-Indic digits, as ASCII: an ID number may be typed in either. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** A Saudi national ID or Iqama number (10 digits, the first 1 or 2) anywhere in a text. */
const ID_NUMBER = /(?<!\d)[12]\d{9}(?!\d)/g;

/** Query parameters that hold an identity number whatever its shape. */
const ID_PARAMETER = /^(id_?number|iqama(_?number)?|national_?id|cr_?number)$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * A URL as logged: the `/Auth/{token}` hand-off without its token, ID and Iqama numbers
 * (typed with any digits, percent-encoded or not) replaced, and the value of an identity-number
 * parameter (`idNumber`, `iqama`…) replaced whatever it holds.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  const path = asciiDigits(decoded(rawPath.replace(/^\/Auth\/[^?#]*/i, '/Auth/[redacted]'))).replace(
    ID_NUMBER,
    '[redacted]',
  );
  if (queryStart === -1) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return asciiDigits(decoded(pair)).replace(ID_NUMBER, '[redacted]');
      const name = decoded(pair.slice(0, separator));
      const value = ID_PARAMETER.test(name)
        ? '[redacted]'
        : asciiDigits(decoded(pair.slice(separator + 1))).replace(ID_NUMBER, '[redacted]');
      return `${name}=${value}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Credentials in the request headers: never written to a log line. */
/** How often an idle worker looks for due jobs: often in tests, which wait for what they queued. */
const JOB_POLLING_SECONDS: Record<Config['env'], number> = { development: 2, production: 2, test: 0.5 };

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
  /** false: no logging (tests); a stream: the log lines go there instead of stdout. */
  logger?: boolean | DestinationStream;
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
            ...(typeof options.logger === 'object' ? { stream: options.logger } : {}),
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
    requestHashKey: new Uint8Array(hkdfSync('sha256', config.jwtSecret, 'tasreeh', 'request hashes', 32)),
    files: createFileStore(config.dataDir),
    jobs: createJobQueue({ db: database.db, log: app.log, pollingSeconds: JOB_POLLING_SECONDS[config.env] }),
    certificateSigner: certificateSigner(config.jwtSecret),
  });
  // The workers start once every route is registered, and stop before the database closes.
  app.addHook('onReady', () => app.deps.jobs.start(jobDefinitions(app)));
  app.addHook('onClose', () => app.deps.jobs.stop());
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
  // Headers and the general limit come first, so that they cover every route and every refusal.
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin, { perMinute: config.rateLimitPerMinute, redisUrl: config.redisUrl });
  // Uploads: whole-request limits here; each form's own file rules are checked as it is read.
  await app.register(multipart, {
    limits: { files: 4, fields: 60, fieldSize: 10_000, fileSize: 10 * 1024 * 1024, parts: 64 },
  });
  // A reply sent before its upload was read whole leaves the connection fit for the next request.
  await app.register(unreadBodyPlugin);
  // The session is read before the access rule is checked: hooks run in registration order.
  await app.register(authPlugin);
  await app.register(accessPlugin);
  await app.register(docsPlugin);
  await registerModules(app);
  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
