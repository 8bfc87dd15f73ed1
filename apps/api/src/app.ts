import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createFileStore, type FileStore } from './lib/file-store.ts';
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

/** Never written to a log line, wherever they appear. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'body.password',
  'body.rePassword',
  'body.oldPassword',
  'body.newPassword',
  'body.otp',
  'body.token',
  'body.resetToken',
];

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
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    config,
    db: database.db,
    engine: database.engine,
    tokenKey: secretKey(config.jwtSecret),
    files: createFileStore(config.dataDir),
  });
  // A body-less POST is read as an empty object, so that missing fields get their own messages.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
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
