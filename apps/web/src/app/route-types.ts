import type { RouteRule } from '@tasreeh/shared';
import type { ComponentType, LazyExoticComponent } from 'react';

export type Page = LazyExoticComponent<ComponentType>;

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
