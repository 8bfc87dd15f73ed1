import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-unavailable.ts';
import { healthPolicy } from './policy.ts';
import { migrationsApplied, pingDatabase } from './repo.ts';

const DatabaseDown = z.object({ status: z.literal('unavailable'), database: z.literal('down') });

const Readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
});

/** A 503 that says when to ask again, as every answer of a database outage does. */
function unavailable(reply: FastifyReply) {
  return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
}

/**
 * Operations' three questions, all public: `/health` (is the database answering: 200 or 503),
 * `/health/live` (is the process running: always 200, for a supervisor that restarts a stuck
 * process, never one that only lost its database) and `/health/ready` (may a load balancer send
 * traffic: 200 only when the database answers and every migration this code knows is applied).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, engine } = app.deps;
  // Applied migrations stay applied: once seen, readiness only asks whether the database answers.
  let migrated = false;

  app.get('/health', {
    schema: {
      tags: ['operations'],
      description: 'Whether the database answers: 200 with its engine, else 503 with `database: down`.',
      response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: DatabaseDown },
    },
    config: healthPolicy.route('public'),
    handler: async (_request, reply) => {
      try {
        await pingDatabase(db);
      } catch {
        return unavailable(reply).send({ status: 'unavailable' as const, database: 'down' as const });
      }
      return { status: 'ok' as const, database: engine };
    },
  });

  app.get('/health/live', {
    schema: {
      tags: ['operations'],
      description: 'Liveness: 200 while the process serves requests, whatever the state of the database.',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    config: healthPolicy.route('public'),
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/health/ready', {
    schema: {
      tags: ['operations'],
      description:
        'Readiness for a load balancer: 200 when the database answers and its migrations are applied, else 503 saying which is missing.',
      response: { 200: Readiness, 503: Readiness },
    },
    config: healthPolicy.route('public'),
    handler: async (_request, reply) => {
      try {
        if (migrated) await pingDatabase(db);
        else migrated = await migrationsApplied(db);
      } catch {
        return unavailable(reply).send({ status: 'unavailable', database: 'down', migrations: 'unknown' });
      }
      if (!migrated) {
        return unavailable(reply).send({ status: 'unavailable', database: 'up', migrations: 'pending' });
      }
      return { status: 'ok' as const, database: 'up' as const, migrations: 'applied' as const };
    },
  });
};
