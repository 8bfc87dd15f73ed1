import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an address is this machine's loopback: 127.0.0.0/8 (also IPv4-mapped) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** The names this machine answers to on its loopback, as a `Host` header carries them (any port). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Host` without its port: `[::1]:3000` → `[::1]`, `localhost:5173` → `localhost`. */
function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return (name ?? '').toLowerCase();
}

/** Headers a proxy (or a client pretending to be one) adds: any of them means a hop in between. */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-proxyuser-ip',
];

function isForwarded(request: FastifyRequest): boolean {
  return Object.keys(request.headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name),
  );
}

/**
 * A caller on this machine, asking for this machine: the connection comes from the loopback
 * (never the address a proxy says it forwards for), no forwarding header says a proxy is in
 * between (a proxy on this machine may forward anyone), and `Host` names the loopback — a page
 * elsewhere whose domain was pointed at 127.0.0.1 (DNS rebinding) sends its own domain there.
 */
function isLocalCaller(request: FastifyRequest): boolean {
  const host = request.headers.host;
  return (
    host !== undefined &&
    LOOPBACK_HOSTS.has(hostName(host)) &&
    !isForwarded(request) &&
    isLoopbackAddress(request.socket.remoteAddress)
  );
}

/**
 * The `onRequest` hook of every development convenience (the outbox, the development card
 * gateway's page): to any caller but a local one (isLocalCaller) the route does not exist.
 */
export async function hideFromOtherCallers(request: FastifyRequest, reply: FastifyReply) {
  if (isLocalCaller(request)) return;
  reply.callNotFound();
  return reply;
}
