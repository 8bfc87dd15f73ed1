import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestMessages } from '../../lib/outbox/outbox.ts';

const OutboxEntry = z.object({
  id: z.number(),
  channel: z.string(),
  to: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/** Whether an address is this machine's loopback: 127.0.0.0/8 (also IPv4-mapped) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A caller on this machine: the connection itself comes from the loopback (never the address
 * a proxy says it forwards for), and no proxy is in between — a request that passed through a
 * proxy on this machine carries a forwarding header and may come from anywhere.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopbackAddress(request.socket.remoteAddress);
}

/**
 * Development only (registered in development and test mode, never in production): what the
 * outbox holds, newest first, so that a developer or a browser test on this machine can read
 * the codes it would have sent. Any other caller is told the route does not exist.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.env === 'production') return;
  app.addHook('onRequest', async (request, reply) => {
    if (isLocalCaller(request)) return;
    reply.callNotFound();
    return reply;
  });
  app.get('/dev/outbox', {
    schema: { tags: ['development'], response: { 200: z.array(OutboxEntry) } },
    config: { access: 'public' },
    handler: () => latestMessages(app.deps.db, 50),
  });
};
