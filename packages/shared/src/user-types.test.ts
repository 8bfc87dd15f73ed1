import { describe, expect, it } from 'vitest';
import {
  areaOf,
  BACK_OFFICE_TYPES,
  dashboardPathOf,
  isBackOfficeType,
  normalizeUserType,
  USER_TYPES,
  userTypeSlug,
} from './user-types.ts';

describe('normalizeUserType', () => {
  it.each([
    ['Super_Admin', 'super admin'],
    ['super admin', 'super admin'],
    ['SUPERADMIN', 'super admin'],
    ['superadmin', 'super admin'],
    ['BRANCH_Admin', 'branch admin'],
    ['branch admin', 'branch admin'],
    ['Manager', 'manager'],
    ['manager', 'manager'],
    ['  Teller ', 'Teller'],
    ['headofit', 'HeadOfIT'],
    ['STUDENT', 'student'],
    ['instructor', 'Instructor'],
    ['Training_Center', 'training center'],
    ['MEDICAL CENTER', 'medical center'],
  ])('%s → %s', (spelling, type) => {
    expect(normalizeUserType(spelling)).toBe(type);
  });

  it('keeps every canonical type as it is', () => {
    for (const type of USER_TYPES) expect(normalizeUserType(type)).toBe(type);
  });

  it('reads every spelling of the spec §6 admin list as a back-office type', () => {
    const spellings = [
      'CFO',
      'super admin',
      'Super_Admin',
      'CEO',
      'COO',
      'TrainingManager',
      'manager',
      'Manager',
      'HeadOfIT',
      'DevTeam',
      'Amanah',
      'Teller',
      'branch admin',
      'BRANCH_Admin',
      'branchaccountant',
    ];
    for (const spelling of spellings) {
      const type = normalizeUserType(spelling);
      expect(type, spelling).toBeDefined();
      expect(type && isBackOfficeType(type), spelling).toBe(true);
    }
  });

  it.each([['unknown'], ['admin'], [''], ['   '], [null], [undefined], ['constructor'], ['__proto__']])(
    '%s is no type',
    (spelling) => {
      expect(normalizeUserType(spelling)).toBeUndefined();
    },
  );
});

describe('areaOf and dashboardPathOf', () => {
  it.each([
    ['student', 'student'],
    ['corporate', 'corporate'],
    ['Instructor', 'instructor'],
    ['Examiner', 'examiner'],
    ['training center', 'center'],
    ['medical center', 'center'],
  ] as const)('%s lives in the %s area', (type, area) => {
    expect(areaOf(type)).toBe(area);
    expect(dashboardPathOf(type)).toBe(`/${area}/dashboard`);
  });

  it('puts every back-office type in the admin area', () => {
    for (const type of BACK_OFFICE_TYPES) {
      expect(areaOf(type)).toBe('admin');
      expect(dashboardPathOf(type)).toBe('/admin/dashboard');
    }
  });
});

describe('userTypeSlug', () => {
  it.each([
    ['super admin', 'superadmin'],
    ['branch admin', 'branchadmin'],
    ['HeadOfIT', 'headofit'],
    ['TrainingManager', 'trainingmanager'],
    ['student', 'student'],
  ] as const)('%s → %s', (type, slug) => {
    expect(userTypeSlug(type)).toBe(slug);
  });

  it('gives each type its own slug', () => {
    expect(new Set(USER_TYPES.map(userTypeSlug)).size).toBe(USER_TYPES.length);
  });
});

describe('isBackOfficeType', () => {
  it('is true for the back-office types only', () => {
    for (const type of BACK_OFFICE_TYPES) expect(isBackOfficeType(type)).toBe(true);
    for (const type of [
      'student',
      'corporate',
      'Instructor',
      'Examiner',
      'training center',
      'medical center',
    ] as const) {
      expect(isBackOfficeType(type)).toBe(false);
    }
  });
});
