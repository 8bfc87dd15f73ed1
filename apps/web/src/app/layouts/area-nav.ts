import { IconGauge, IconKey, type IconProps } from '@tabler/icons-react';
import {
  type Area,
  type Privilege,
  passesPermissionList,
  type RouteRule,
  type UserType,
} from '@tasreeh/shared';
import type { ComponentType } from 'react';
import { getCurrentUser } from '../../features/auth/current-user.ts';
import { readStoredPrivileges, readStoredType } from '../../features/auth/session.ts';
import { areaTables } from '../route-table.ts';
import { NAV_SECTIONS, type NavSection } from '../route-types.ts';

/** One link of the drawer. */
export interface NavItem {
  /** Key in the `layout` namespace, or `namespace:key` for a feature's own. */
  labelKey: string;
  path: string;
  icon: ComponentType<IconProps>;
}

/** Links under one heading of the drawer (no heading for the ungrouped ones). */
export interface NavGroup {
  section?: NavSection;
  items: NavItem[];
}

interface DeclaredLink extends NavItem {
  rule: RouteRule;
  section?: NavSection;
  order: number;
}

/**
 * An area's feature links, as its screens declare them (`nav` beside each route in the
 * features' `routes.tsx`), in their declared order.
 */
function declaredLinksOf(area: Area): DeclaredLink[] {
  const pages = areaTables.find((table) => table.area === area)?.pages ?? [];
  const links = pages.flatMap((page) =>
    page.nav
      ? [
          {
            labelKey: page.nav.labelKey,
            path: `/${area}/${page.path}`,
            icon: page.nav.icon,
            rule: page.nav.shownTo ?? page.rule ?? {},
            section: page.nav.section,
            order: page.nav.order,
          },
        ]
      : [],
  );
  return links.sort((a, b) => a.order - b.order);
}

/** Whether a link is shown (display only: the route guard decides who opens the screen). */
function isShown(rule: RouteRule, privileges: readonly Privilege[], type: UserType | undefined): boolean {
  return (
    (!rule.permissions || passesPermissionList(privileges, rule.permissions)) &&
    (!rule.types || (type !== undefined && rule.types.includes(type)))
  );
}

function itemOf({ labelKey, path, icon }: DeclaredLink): NavItem {
  return { labelKey, path, icon };
}

/**
 * The side-drawer links of an area, grouped under their headings: the dashboard, the features'
 * declared links the user may open, and the password change.
 */
export function navGroupsOf(
  area: Area,
  privileges: readonly Privilege[] = getCurrentUser()?.privileges ?? readStoredPrivileges(),
  type: UserType | undefined = getCurrentUser()?.type ?? readStoredType(),
): NavGroup[] {
  const visible = declaredLinksOf(area).filter((link) => isShown(link.rule, privileges, type));
  const sections = NAV_SECTIONS.map((section) => ({
    section,
    items: visible.filter((link) => link.section === section).map(itemOf),
  })).filter((group) => group.items.length > 0);
  return [
    {
      items: [
        { labelKey: 'nav.dashboard', path: `/${area}/dashboard`, icon: IconGauge },
        ...visible.filter((link) => !link.section).map(itemOf),
      ],
    },
    ...sections,
    { items: [{ labelKey: 'nav.changePassword', path: `/${area}/change-password`, icon: IconKey }] },
  ];
}

/** The feature namespaces the links' labels come from (`namespace:key`), each once. */
export function navNamespacesOf(groups: readonly NavGroup[]): string[] {
  const namespaces = groups.flatMap((group) =>
    group.items.flatMap((item) => (item.labelKey.includes(':') ? [item.labelKey.split(':')[0] ?? ''] : [])),
  );
  return [...new Set(namespaces)];
}
