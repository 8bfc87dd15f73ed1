import { describe, expect, it } from 'vitest';
import {
  landingPathOf,
  loginPathReturningTo,
  returnPathIn,
  safeReturnPath,
  withReturnPath,
} from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps an in-app path with its query and fragment', () => {
    expect(safeReturnPath('/admin/students/profile/7')).toBe('/admin/students/profile/7');
    expect(safeReturnPath('/admin/students?search=sara#top')).toBe('/admin/students?search=sara#top');
  });

  it('refuses every way out of this origin', () => {
    for (const path of [
      '//evil.com',
      '//evil.com/admin/dashboard',
      'https://evil.com',
      'https:evil.com',
      'javascript:alert(1)',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/%0a/evil.com'.replace('%0a', '\n'),
      'admin/dashboard',
      '',
      null,
      undefined,
    ]) {
      expect({ path, safe: safeReturnPath(path) }).toEqual({ path, safe: undefined });
    }
  });

  it('resolves dot segments before the area is judged', () => {
    expect(safeReturnPath('/student/../admin/dashboard')).toBe('/admin/dashboard');
  });
});

describe('the return path through login', () => {
  it('is carried in the login address and read back', () => {
    const login = loginPathReturningTo('/admin/students/profile/7');
    expect(login).toBe('/login?next=%2Fadmin%2Fstudents%2Fprofile%2F7');
    expect(returnPathIn(login.slice('/login'.length))).toBe('/admin/students/profile/7');
    expect(returnPathIn('?next=%2F%2Fevil.com')).toBeUndefined();
  });

  it('is left out for the root and the login screen itself', () => {
    expect(loginPathReturningTo('/')).toBe('/login');
    expect(loginPathReturningTo('/login?next=%2Fadmin')).toBe('/login');
  });

  it('lands a login in the page asked for only inside its own area', () => {
    expect(landingPathOf('Teller', '/admin/students/profile/7')).toBe('/admin/students/profile/7');
    expect(landingPathOf('student', '/admin/students/profile/7')).toBe('/student/dashboard');
    expect(landingPathOf('corporate', '/corporate/students')).toBe('/corporate/students');
    expect(landingPathOf('Teller', '/administrator')).toBe('/admin/dashboard');
    expect(landingPathOf('Teller', undefined)).toBe('/admin/dashboard');
  });

  it('is passed on to the first-login change', () => {
    expect(withReturnPath('/corporate/change-password-first', '/corporate/students')).toBe(
      '/corporate/change-password-first?next=%2Fcorporate%2Fstudents',
    );
    expect(withReturnPath('/corporate/change-password-first', undefined)).toBe(
      '/corporate/change-password-first',
    );
  });
});
