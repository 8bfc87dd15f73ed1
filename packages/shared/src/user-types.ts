/**
 * The user types of spec §6. Each canonical value is the spec's first spelling; the legacy
 * spellings the spec also uses are aliases that normalise to it.
 */
export const BACK_OFFICE_TYPES = [
  'super admin',
  'branch admin',
  'CFO',
  'CEO',
  'COO',
  'TrainingManager',
  'manager',
  'HeadOfIT',
  'DevTeam',
  'Amanah',
  'Teller',
  'branchaccountant',
] as const;

export const USER_TYPES = [
  ...BACK_OFFICE_TYPES,
  'student',
  'corporate',
  'Instructor',
  'Examiner',
  'training center',
  'medical center',
] as const;

export type BackOfficeType = (typeof BACK_OFFICE_TYPES)[number];
export type UserType = (typeof USER_TYPES)[number];

/** Folds case, spaces and underscores so that `Super_Admin`, `super admin` and `SUPERADMIN` meet. */
function foldSpelling(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** A Map, not an object: a spelling like `constructor` must not find `Object.prototype`. */
const BY_FOLDED = new Map<string, UserType>(USER_TYPES.map((type) => [foldSpelling(type), type]));

/** The canonical user type of a spelling (`Super_Admin` → `super admin`), or undefined if it is none. */
export function normalizeUserType(value: string | null | undefined): UserType | undefined {
  if (!value) return undefined;
  const folded = foldSpelling(value);
  return BY_FOLDED.get(folded);
}

export function isBackOfficeType(type: UserType): type is BackOfficeType {
  return (BACK_OFFICE_TYPES as readonly string[]).includes(type);
}

export type Area = 'admin' | 'student' | 'corporate' | 'instructor' | 'examiner' | 'center';

/** Which area of the app a user type lives in (spec §2 area prefixes). */
export function areaOf(type: UserType): Area {
  switch (type) {
    case 'student':
      return 'student';
    case 'corporate':
      return 'corporate';
    case 'Instructor':
      return 'instructor';
    case 'Examiner':
      return 'examiner';
    case 'training center':
    case 'medical center':
      return 'center';
    default:
      return 'admin';
  }
}

/** The dashboard a user type lands on after logging in. */
export function dashboardPathOf(type: UserType): string {
  return `/${areaOf(type)}/dashboard`;
}

/** The lower-case slug of a type, as used in demo e-mails (`super admin` → `superadmin`). */
export function userTypeSlug(type: UserType): string {
  return foldSpelling(type);
}
