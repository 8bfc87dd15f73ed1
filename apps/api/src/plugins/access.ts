import { type Action, canAccess, type ResourceId, type UserType } from '@tasreeh/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';

/**
 * Who may call a route. `public`: anyone; `session`: anyone logged in; otherwise a logged-in
 * caller of one of `types` (when given) holding `permission` (when given). A caller of one of
 * `owners` needs no permission: the route serves its own rows, and the service checks which.
 */
export type Access =
  | 'public'
  | 'session'
  | {
      types?: readonly UserType[];
      permission?: { resource: ResourceId; action: Action };
      owners?: readonly UserType[];
    };

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  allowBeforePasswordChange: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route serves a login that must still change its password (`changePassword`): checking
     * the session, changing the password, logging out. Every other route refuses such a login.
     */
    allowBeforePasswordChange?: boolean;
  }
  interface FastifyInstance {
    /** Every route with the access rule it declared, in registration order. */
    declaredRoutes: DeclaredRoute[];
  }
}

/** URL prefixes whose routes come from third-party plugins and are public by nature. */
const PUBLIC_PREFIXES = ['/api/docs'];

function isPublicByPrefix(url: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/**
 * Refuses to register a route that does not say who may call it, and enforces what it says; a
 * login that must change its password reaches only the routes that allow it (403 otherwise).
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('declaredRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      if (route.url.startsWith('/api') && !isPublicByPrefix(route.url)) {
        throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      }
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config.access ?? 'public';
    const allowBeforePasswordChange = route.config.allowBeforePasswordChange === true;
    for (const method of [route.method].flat())
      app.declaredRoutes.push({ method, url: route.url, access, allowBeforePasswordChange });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const actor = request.actor;
    if (!actor) throw unauthenticated();
    // The first-login password change is enforced here, not only by the web's screens.
    if (actor.changePassword && !request.routeOptions.config.allowBeforePasswordChange) {
      throw new AppError('PASSWORD_CHANGE_REQUIRED', { status: 403 });
    }
    if (access === 'session') return;
    if (access.types && !access.types.includes(actor.type)) throw forbidden();
    if (access.owners?.includes(actor.type)) return;
    if (
      access.permission &&
      !canAccess(actor.privileges, access.permission.resource, access.permission.action)
    ) {
      throw forbidden();
    }
  });
});
