import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  allPrivileges,
  canAccess,
  decideRoute,
  holdsAnyRight,
  type Privilege,
  parsePermissionCode,
  passesPermissionList,
  RESOURCE_IDS,
  Resource,
} from './permissions.ts';

const none = { read: false, create: false, edit: false, delete: false };
const PRIVILEGES: Privilege[] = [
  { id: Resource.Students, ...none, read: true },
  { id: Resource.Bookings, ...none, create: true, edit: true },
  { id: Resource.Finance, ...none },
];

describe('canAccess', () => {
  it('is true when the resource is held with the flag set', () => {
    expect(canAccess(PRIVILEGES, Resource.Students, 'read')).toBe(true);
    expect(canAccess(PRIVILEGES, Resource.Bookings, 'create')).toBe(true);
    expect(canAccess(PRIVILEGES, Resource.Bookings, 'edit')).toBe(true);
  });

  it('is false when the flag is not set', () => {
    expect(canAccess(PRIVILEGES, Resource.Students, 'edit')).toBe(false);
    expect(canAccess(PRIVILEGES, Resource.Bookings, 'delete')).toBe(false);
    expect(canAccess(PRIVILEGES, Resource.Finance, 'read')).toBe(false);
  });

  it('is false for a resource that is not held or does not exist', () => {
    expect(canAccess(PRIVILEGES, Resource.Users, 'read')).toBe(false);
    expect(canAccess(PRIVILEGES, 999, 'read')).toBe(false);
  });

  it('is false when an input is missing', () => {
    expect(canAccess(null, Resource.Students, 'read')).toBe(false);
    expect(canAccess(undefined, Resource.Students, 'read')).toBe(false);
    expect(canAccess([], Resource.Students, 'read')).toBe(false);
    expect(canAccess(PRIVILEGES, null, 'read')).toBe(false);
    expect(canAccess(PRIVILEGES, undefined, 'read')).toBe(false);
    expect(canAccess(PRIVILEGES, Resource.Students, null)).toBe(false);
    expect(canAccess(PRIVILEGES, Resource.Students, undefined)).toBe(false);
  });
});

describe('parsePermissionCode', () => {
  it('splits a code into its action and resource id', () => {
    expect(parsePermissionCode('read_3')).toEqual({ action: 'read', resourceId: 3 });
    expect(parsePermissionCode('create_9')).toEqual({ action: 'create', resourceId: 9 });
    expect(parsePermissionCode('edit_10')).toEqual({ action: 'edit', resourceId: 10 });
    expect(parsePermissionCode('delete_2')).toEqual({ action: 'delete', resourceId: 2 });
  });
});

describe('passesPermissionList', () => {
  it('passes when any one code is granted', () => {
    expect(passesPermissionList(PRIVILEGES, ['read_3'])).toBe(true);
    expect(passesPermissionList(PRIVILEGES, ['read_9', 'create_9', 'edit_9'])).toBe(true);
    expect(passesPermissionList(PRIVILEGES, ['read_1', 'edit_3', 'read_3'])).toBe(true);
  });

  it('fails when no code is granted', () => {
    expect(passesPermissionList(PRIVILEGES, ['read_1', 'edit_3', 'read_10'])).toBe(false);
    expect(passesPermissionList(PRIVILEGES, [])).toBe(false);
    expect(passesPermissionList(undefined, ['read_3'])).toBe(false);
  });
});

describe('holdsAnyRight', () => {
  it('holds one right, or any one of a list', () => {
    expect(holdsAnyRight(PRIVILEGES, { resource: Resource.Students, action: 'read' })).toBe(true);
    expect(
      holdsAnyRight(PRIVILEGES, [
        { resource: Resource.Finance, action: 'read' },
        { resource: Resource.Bookings, action: 'edit' },
      ]),
    ).toBe(true);
  });

  it('holds none of a list whose rights are all missing, nor of an empty list', () => {
    expect(
      holdsAnyRight(PRIVILEGES, [
        { resource: Resource.Finance, action: 'read' },
        { resource: Resource.Students, action: 'edit' },
      ]),
    ).toBe(false);
    expect(holdsAnyRight(PRIVILEGES, [])).toBe(false);
    expect(holdsAnyRight(null, { resource: Resource.Students, action: 'read' })).toBe(false);
  });
});

describe('allPrivileges', () => {
  it('holds every resource of spec §6 with every flag', () => {
    const privileges = allPrivileges();
    expect(privileges.map((privilege) => privilege.id).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 17, 18, 19, 20,
    ]);
    for (const id of RESOURCE_IDS) {
      for (const action of ACTIONS) expect(canAccess(privileges, id, action)).toBe(true);
    }
  });
});

describe('decideRoute', () => {
  const teller = { type: 'Teller' as const, privileges: PRIVILEGES };

  it('sends a visitor without a type to login', () => {
    expect(decideRoute({ type: undefined, privileges: undefined }, {})).toBe('login');
    expect(decideRoute({ type: undefined, privileges: allPrivileges() }, { permissions: ['read_3'] })).toBe(
      'login',
    );
  });

  it('sends a type the route does not list to login, whatever its permissions', () => {
    expect(decideRoute(teller, { types: ['super admin'] })).toBe('login');
    expect(decideRoute(teller, { types: ['student'], permissions: ['read_3'] })).toBe('login');
  });

  it('sends a listed type without the permission to the dashboard', () => {
    expect(decideRoute(teller, { types: ['Teller'], permissions: ['read_1'] })).toBe('dashboard');
    expect(decideRoute(teller, { permissions: ['read_10', 'create_10', 'edit_10'] })).toBe('dashboard');
    expect(decideRoute({ type: 'Teller', privileges: undefined }, { permissions: ['read_3'] })).toBe(
      'dashboard',
    );
  });

  it('allows a listed type with any one of the permissions', () => {
    expect(
      decideRoute(teller, { types: ['Teller', 'branch admin'], permissions: ['read_1', 'read_3'] }),
    ).toBe('allow');
    expect(decideRoute(teller, { permissions: ['edit_9'] })).toBe('allow');
    expect(decideRoute(teller, { types: ['Teller'] })).toBe('allow');
    expect(decideRoute(teller, {})).toBe('allow');
  });
});
