import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How much of a refused request's body is read off the connection and dropped, so that the
 * connection serves the next request: well over the largest form (four files of 10 MB). A body
 * that keeps coming past it ends the connection.
 */
const DRAIN_LIMIT_BYTES = 48 * 1024 * 1024;

/**
 * A reply sent before its request's body was read whole: an upload refused as too large part-way
 * through its file. Node drops the rest only of a body nobody started reading; a form the
 * multipart reader stopped reading held the keep-alive connection, and the next request on it
 * was never answered. The rest is read and dropped here, up to the limit.
 */
export const unreadBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request) => {
    const body = request.raw;
    // `complete` is false only for a real connection's message whose end has not arrived yet.
    if (body.complete !== false || body.destroyed) return;
    let drained = 0;
    body.unpipe();
    body.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_LIMIT_BYTES) body.destroy();
    });
    body.resume();
  });
});
