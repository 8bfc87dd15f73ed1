import { allPrivileges, type Privilege } from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { AREA_RULES } from '../route-table.ts';
import { ADMIN_DASHBOARD_PATH, firstLoginPathOf, guardRedirect, LOGIN_PATH } from './guard-redirect.ts';

const FIRST_LOGIN_PATH = '/corporate/change-password-first';

const readStudents: Privilege[] = [{ id: 3, read: true, create: false, edit: false, delete: false }];

describe('guardRedirect', () => {
  it('sends a visitor with no type to login', () => {
    expect(
      guardRedirect({ type: undefined, privileges: [], changePassword: false }, [], '/admin/dashboard'),
    ).toBe(LOGIN_PATH);
  });

  it('lets each type into its own area and sends it to login from the others', () => {
    const cases = [
      ['super admin', 'admin'],
      ['Teller', 'admin'],
      ['student', 'student'],
      ['corporate', 'corporate'],
      ['Instructor', 'instructor'],
      ['Examiner', 'examiner'],
      ['training center', 'center'],
      ['medical center', 'center'],
    ] as const;
    for (const [type, home] of cases) {
      for (const area of Object.keys(AREA_RULES) as (keyof typeof AREA_RULES)[]) {
        const session = { type, privileges: allPrivileges(), changePassword: false };
        const expected = area === home ? undefined : LOGIN_PATH;
        expect({ type, area, to: guardRedirect(session, [AREA_RULES[area]], `/${area}/dashboard`) }).toEqual({
          type,
          area,
          to: expected,
        });
      }
    }
  });

  it('sends a missing permission to the admin dashboard', () => {
    const session = { type: 'Teller' as const, privileges: readStudents, changePassword: false };
    const rules = [AREA_RULES.admin, { permissions: ['read_9'] as const }];
    expect(guardRedirect(session, rules, '/admin/booking-management')).toBe(ADMIN_DASHBOARD_PATH);
    expect(guardRedirect(session, [AREA_RULES.admin, { permissions: ['read_3'] }], '/admin/students')).toBe(
      undefined,
    );
  });

  it('passes a permission list when any one of its codes is granted', () => {
    const session = { type: 'CFO' as const, privileges: readStudents, changePassword: false };
    expect(guardRedirect(session, [{ permissions: ['read_10', 'read_3'] }], '/admin/x')).toBe(undefined);
  });

  it('holds a corporate that must change its password on the first-login screen', () => {
    const session = { type: 'corporate' as const, privileges: [], changePassword: true };
    expect(guardRedirect(session, [AREA_RULES.corporate], '/corporate/dashboard')).toBe(FIRST_LOGIN_PATH);
    expect(guardRedirect(session, [AREA_RULES.corporate], FIRST_LOGIN_PATH)).toBe(undefined);
  });

  it('sends a corporate that has changed its password from the first-login screen to its dashboard', () => {
    const session = { type: 'corporate' as const, privileges: [], changePassword: false };
    expect(guardRedirect(session, [AREA_RULES.corporate], FIRST_LOGIN_PATH)).toBe('/corporate/dashboard');
  });

  it('sends a corporate that has just changed its password on to the page it asked for before login', () => {
    const session = { type: 'corporate' as const, privileges: [], changePassword: false };
    const next = `?next=${encodeURIComponent('/corporate/students')}`;
    expect(guardRedirect(session, [AREA_RULES.corporate], FIRST_LOGIN_PATH, next)).toBe(
      '/corporate/students',
    );
    const elsewhere = `?next=${encodeURIComponent('/admin/dashboard')}`;
    expect(guardRedirect(session, [AREA_RULES.corporate], FIRST_LOGIN_PATH, elsewhere)).toBe(
      '/corporate/dashboard',
    );
  });

  it('holds a centre the super admin added (generated password) on its own first-login screen', () => {
    for (const type of ['training center', 'medical center'] as const) {
      const marked = { type, privileges: [], changePassword: true };
      expect(guardRedirect(marked, [AREA_RULES.center], '/center/dashboard')).toBe(
        '/center/change-password-first',
      );
      expect(guardRedirect(marked, [AREA_RULES.center], '/center/change-password-first')).toBe(undefined);
      const changed = { ...marked, changePassword: false };
      expect(guardRedirect(changed, [AREA_RULES.center], '/center/change-password-first')).toBe(
        '/center/dashboard',
      );
    }
  });

  it('forces the change in every area, as the API does', () => {
    expect(firstLoginPathOf({ type: 'corporate', changePassword: true })).toBe(FIRST_LOGIN_PATH);
    expect(firstLoginPathOf({ type: 'training center', changePassword: true })).toBe(
      '/center/change-password-first',
    );
    expect(firstLoginPathOf({ type: 'corporate', changePassword: false })).toBe(undefined);
    expect(firstLoginPathOf({ type: 'student', changePassword: true })).toBe(
      '/student/change-password-first',
    );
    expect(firstLoginPathOf({ type: 'Teller', changePassword: true })).toBe('/admin/change-password-first');
    expect(firstLoginPathOf({ type: 'Instructor', changePassword: true })).toBe(
      '/instructor/change-password-first',
    );
  });
});
