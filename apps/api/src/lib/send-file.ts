import type { FastifyReply } from 'fastify';

/**
 * Answers with stored bytes as the type their own bytes were found to be at upload; the
 * browser is told not to guess another. `cacheControl` says who may keep a copy, and how long.
 */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Buffer; mimeType: string },
  cacheControl: string,
) {
  return reply
    .type(file.mimeType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(file.bytes);
}
