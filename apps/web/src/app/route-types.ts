import type { IconProps } from '@tabler/icons-react';
import type { RouteRule } from '@tasreeh/shared';
import type { ComponentType } from 'react';
import type { LazyScreen } from './lazy-page.ts';

/** A screen: loaded on demand, and ahead when its route is known before it renders. */
export type Page = LazyScreen<object>;

/** The headed groups of the admin drawer, in the order shown. */
export const NAV_SECTIONS = ['people', 'organisation', 'training', 'finance', 'catalogue'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** A screen's link in its area's side drawer, declared with the route it opens. */
export interface PageNav {
  /** Key in the `layout` namespace, or `namespace:key` for a feature's own. */
  labelKey: string;
  icon: ComponentType<IconProps>;
  /** The drawer group it is listed under; ungrouped links come first. */
  section?: NavSection;
  /** Its place among the links of its group (ascending; the links of one area and group differ). */
  order: number;
  /**
   * Who sees the link, when not exactly who may open the route (display only: the route guard
   * decides). Without it, the route's own rule.
   */
  shownTo?: RouteRule;
}

/** One screen of an area: its path under the area prefix, its screen and who may open it. */
export interface AreaPage {
  path: string;
  page: Page;
  rule?: RouteRule;
  /** Its link in the area's drawer, if it has one. */
  nav?: PageNav;
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
