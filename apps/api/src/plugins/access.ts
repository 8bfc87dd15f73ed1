import { holdsAnyRight, type Right, type UserType } from '@tasreeh/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.ts';
import { type Ctx, ctxOf } from '../lib/context.ts';

/**
 * Who may call a route. `public`: anyone; `session`: anyone logged in; otherwise a logged-in
 * caller of one of `types` (when given) holding `permission` (when given: one right, or a list
 * of which any one will do). A caller of one of `owners` needs no permission: the route serves
 * its own rows, and the service checks which.
 */
export type Access =
  | 'public'
  | 'session'
  | {
      types?: readonly UserType[];
      permission?: Right | readonly Right[];
      owners?: readonly UserType[];
    };

/**
 * What the declaration cannot say, decided before the request's query and body are checked
 * (decision 0027): a rule of the service (who may request a refund), or the row the path names
 * (outside the caller's scope: 404). Throws the refusal; returns when the caller may go on.
 */
export type Guard = (request: FastifyRequest) => Promise<void>;

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  allowBeforePasswordChange: boolean;
  /** The route has a guard: its refusals come before its schema's 400. */
  guarded: boolean;
  /** The area whose policy states the route's access rule (`policy.route(name)`). */
  policy: string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The area whose policy the access rule comes from: set by `policy.route(name)`. */
    policy?: string;
    /** Run after `access`, before validation: see Guard. */
    guard?: Guard;
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

/** A guard from a rule about the caller alone (`mayRequest(actor)`), decided before the body is read. */
export function callerGuard(check: (ctx: Ctx) => unknown): Guard {
  return async (request) => {
    await check(ctxOf(request));
  };
}

/**
 * A guard from the row the path names: the path parsed by the route's own params schema, then
 * `check` (the area's lookup in the caller's scope, throwing its 404 or 403). A path the schema
 * refuses names no row: the route's validation answers it.
 */
export function rowGuard<Params extends z.ZodType>(
  params: Params,
  check: (ctx: Ctx, params: z.output<Params>) => Promise<unknown>,
): Guard {
  return async (request) => {
    const parsed = params.safeParse(request.params);
    if (parsed.success) await check(ctxOf(request), parsed.data);
  };
}

/** URL prefixes whose routes come from third-party plugins and are public by nature. */
const PUBLIC_PREFIXES = ['/api/docs'];

function isPublicByPrefix(url: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/**
 * Refuses to register a route that does not say who may call it, and enforces what it says; a
 * login that must change its password reaches only the routes that allow it (403 otherwise).
 * A route's guard runs next, before validation.
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
    const guarded = route.config.guard !== undefined;
    const policy = route.config.policy;
    for (const method of [route.method].flat())
      app.declaredRoutes.push({ method, url: route.url, access, allowBeforePasswordChange, guarded, policy });
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
    if (access.permission && !holdsAnyRight(actor.privileges, access.permission)) throw forbidden();
  });

  // After the access rule and before the query and body are checked: a refused caller learns
  // nothing of the route's schema (401 → 403 → 404 → 400, decision 0027).
  app.addHook('preValidation', async (request) => {
    await request.routeOptions.config.guard?.(request);
  });
});
