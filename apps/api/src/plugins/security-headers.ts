import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every response: scripts only from this origin (the built web
 * app has no inline script), no plugins, no framing by any page. Styles may be inline: Mantine
 * writes its CSS variables into a `<style>` element at run time. Images and fonts may also come
 * from `data:` and `blob:` addresses (previews of a chosen file, a stored file opened in a tab).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** One year, as browsers' preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response (helmet): the policy above, `nosniff`, no referrer, no
 * framing. HSTS only on a request that came over HTTPS (directly, or from a trusted proxy that
 * says so): sent over plain HTTP it would lock a browser out of a server that has no HTTPS.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      // The local fingerprint reader (FINGERPRINT_SERVICE_URL) is the one other address pages may call.
      directives: {
        ...CONTENT_SECURITY_POLICY,
        connectSrc: [
          ...CONTENT_SECURITY_POLICY.connectSrc,
          app.deps.config.fingerprintServiceOrigin ?? [],
        ].flat(),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // The same as frame-ancestors 'none', for browsers that read only the older header.
    frameguard: { action: 'deny' },
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
