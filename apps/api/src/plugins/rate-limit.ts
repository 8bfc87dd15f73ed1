import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * The general limit: at most `perMinute` API requests a minute from one address (the client's,
 * behind a trusted proxy), then 429 with the error envelope (errors.ts) and `retry-after`. The
 * web app's files are not counted. With `redisUrl` every API process shares the counts; if
 * Redis cannot be reached, requests are served uncounted rather than refused. 0 turns it off.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { perMinute: number; redisUrl: string | undefined }) => {
    if (options.perMinute === 0) return;
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) {
      redis.on('error', (error: Error) =>
        app.log.warn({ reason: error.message }, 'rate-limit store: Redis error'),
      );
      app.addHook('onClose', async () => {
        if (redis.status === 'ready') await redis.quit();
        else redis.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: 60_000,
      allowList: (request) => !request.url.startsWith('/api/'),
      redis,
      nameSpace: 'tasreeh-rate-limit-',
      skipOnError: true,
    });
  },
);
