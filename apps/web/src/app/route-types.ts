import type { RouteRule } from '@tasreeh/shared';
import type { LazyScreen } from './lazy-page.ts';

/** A screen: loaded on demand, and ahead when its route is known before it renders. */
export type Page = LazyScreen<object>;

/** One screen of an area: its path under the area prefix, its screen and who may open it. */
export interface AreaPage {
  path: string;
  page: Page;
  rule?: RouteRule;
  /** Shown without the area's navigation (the forced first-login password change). */
  standalone?: boolean;
}

/** A public screen, open to anyone. */
export interface PublicPage {
  path: string;
  page: Page;
}

/** What the router keeps in each route's `handle`: the rule the guard checks. */
export interface RouteHandle {
  rule: RouteRule;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'rule' in value;
}

/** A route's `handle` may also say how to load its screen or frame ahead of its first render. */
export interface PreloadHandle {
  preload: () => Promise<void>;
}

function isPreloadHandle(value: unknown): value is PreloadHandle {
  return (
    typeof value === 'object' && value !== null && 'preload' in value && typeof value.preload === 'function'
  );
}

/**
 * Starts loading the code of every matched route's frame and screen at once (each is loaded
 * once), instead of each only once the one around it has rendered. A failed load is left to
 * the screen's own render, which shows the route's error screen.
 */
export function preloadMatched(matches: readonly { handle: unknown }[]): void {
  for (const { handle } of matches) {
    if (isPreloadHandle(handle)) handle.preload().catch(() => undefined);
  }
}
