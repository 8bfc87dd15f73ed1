import type { UserType } from './user-types.ts';

/** Resource ids of spec §6. */
export const Resource = {
  Users: 1,
  Branches: 2,
  Students: 3,
  Corporates: 4,
  Classrooms: 5,
  Courses: 6,
  Assessments: 7,
  Scheduling: 8,
  Bookings: 9,
  Finance: 10,
  Products: 16,
  Closing: 17,
  AmanaInvoices: 18,
  Scores: 19,
  HealthCheck: 20,
} as const;

export type ResourceId = (typeof Resource)[keyof typeof Resource];
export const RESOURCE_IDS = Object.values(Resource) as ResourceId[];

export const ACTIONS = ['read', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** One entry of the privileges list (spec §3: id and per-action flags). */
export interface Privilege {
  id: number;
  read: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** A permission code as the spec writes it: `read_3`, `create_9`, `edit_10`, `delete_2`. */
export type PermissionCode = `${Action}_${number}`;

/**
 * True only when the privileges hold the resource and its flag for the action is set;
 * missing inputs give false (spec §6).
 */
export function canAccess(
  privileges: readonly Privilege[] | null | undefined,
  resourceId: number | null | undefined,
  action: Action | null | undefined,
): boolean {
  if (!privileges || resourceId == null || !action) return false;
  const entry = privileges.find((privilege) => privilege.id === resourceId);
  return Boolean(entry?.[action]);
}

/** One right of spec §6: an action on a resource. */
export interface Right {
  resource: ResourceId;
  action: Action;
}

/** Whether the privileges hold a right, or one of several rights (any one will do). */
export function holdsAnyRight(
  privileges: readonly Privilege[] | null | undefined,
  rights: Right | readonly Right[],
): boolean {
  const list: readonly Right[] = 'resource' in rights ? [rights] : rights;
  return list.some((right) => canAccess(privileges, right.resource, right.action));
}

export function parsePermissionCode(code: PermissionCode): { action: Action; resourceId: number } {
  const [action, id] = code.split('_') as [Action, string];
  return { action, resourceId: Number(id) };
}

/** A permission list passes when any one of its codes is granted (spec §6). */
export function passesPermissionList(
  privileges: readonly Privilege[] | null | undefined,
  codes: readonly PermissionCode[],
): boolean {
  return codes.some((code) => {
    const { action, resourceId } = parsePermissionCode(code);
    return canAccess(privileges, resourceId, action);
  });
}

/** Every resource with every flag: what super admin holds. */
export function allPrivileges(): Privilege[] {
  return RESOURCE_IDS.map((id) => ({ id, read: true, create: true, edit: true, delete: true }));
}

/** Who may take a route: user types and/or permission codes (any one code is enough). */
export interface RouteRule {
  types?: readonly UserType[];
  permissions?: readonly PermissionCode[];
}

export type RouteDecision = 'allow' | 'login' | 'dashboard';

/**
 * The spec §6 route rule: a type that is not listed goes to login; a missing permission
 * goes to the admin dashboard.
 */
export function decideRoute(
  session: { type: UserType | undefined; privileges: readonly Privilege[] | undefined },
  rule: RouteRule,
): RouteDecision {
  if (!session.type) return 'login';
  if (rule.types && !rule.types.includes(session.type)) return 'login';
  if (
    rule.permissions &&
    rule.permissions.length > 0 &&
    !passesPermissionList(session.privileges, rule.permissions)
  ) {
    return 'dashboard';
  }
  return 'allow';
}
