import {
  type Action,
  allPrivileges,
  areaOf,
  BACK_OFFICE_TYPES,
  type Privilege,
  RESOURCE_IDS,
  Resource,
  type ResourceId,
  USER_TYPES,
  type UserType,
} from '@tasreeh/shared';
import { describe, expect, it } from 'vitest';
import { navGroupsOf } from './area-nav.ts';

type Grants = Partial<Record<ResourceId, readonly Action[]>>;

const ALL: readonly Action[] = ['read', 'create', 'edit', 'delete'];
const WORK: readonly Action[] = ['read', 'create', 'edit'];
const READ: readonly Action[] = ['read'];

/**
 * The demo's starter permission groups (the API seed's `STARTER_GROUPS`, the README's table),
 * copied here: the web may not import the API, and these only pick which links are asserted.
 */
const DEMO_GROUPS: Record<string, Grants> = {
  branchAdmin: {
    [Resource.Users]: WORK,
    [Resource.Branches]: READ,
    [Resource.Students]: WORK,
    [Resource.Corporates]: READ,
    [Resource.Classrooms]: ALL,
    [Resource.Courses]: READ,
    [Resource.Scheduling]: ALL,
    [Resource.Bookings]: ALL,
    [Resource.Finance]: READ,
    [Resource.Closing]: WORK,
    [Resource.Scores]: READ,
    [Resource.HealthCheck]: READ,
  },
  management: Object.fromEntries(
    RESOURCE_IDS.filter((id) => id !== Resource.HealthCheck).map((id) => [id, READ]),
  ),
  finance: {
    [Resource.Students]: READ,
    [Resource.Corporates]: READ,
    [Resource.Bookings]: READ,
    [Resource.Finance]: ALL,
    [Resource.Closing]: WORK,
    [Resource.AmanaInvoices]: ['read', 'create'],
  },
  branchAccounts: {
    [Resource.Students]: READ,
    [Resource.Corporates]: READ,
    [Resource.Bookings]: READ,
    [Resource.Finance]: READ,
    [Resource.Closing]: WORK,
  },
  teller: {
    [Resource.Students]: WORK,
    [Resource.Corporates]: READ,
    [Resource.Scheduling]: READ,
    [Resource.Bookings]: WORK,
    [Resource.Finance]: READ,
    [Resource.Closing]: ['read', 'create'],
    [Resource.HealthCheck]: READ,
  },
  training: {
    [Resource.Students]: READ,
    [Resource.Classrooms]: READ,
    [Resource.Courses]: ALL,
    [Resource.Assessments]: ALL,
    [Resource.Scheduling]: ALL,
    [Resource.Bookings]: READ,
    [Resource.Scores]: WORK,
  },
  amanah: {
    [Resource.AmanaInvoices]: ['read', 'edit'],
    [Resource.HealthCheck]: READ,
    [Resource.Scores]: READ,
  },
  it: { [Resource.Users]: WORK },
};

/** Each demo account's group (the API seed's demo users); super admin holds every right. */
const DEMO_GROUP_OF: Partial<Record<UserType, string>> = {
  'branch admin': 'branchAdmin',
  CFO: 'finance',
  CEO: 'management',
  COO: 'management',
  TrainingManager: 'training',
  manager: 'management',
  HeadOfIT: 'it',
  DevTeam: 'it',
  Amanah: 'amanah',
  Teller: 'teller',
  branchaccountant: 'branchAccounts',
};

function privilegesOf(grants: Grants): Privilege[] {
  return Object.entries(grants).map(([id, actions]) => ({
    id: Number(id),
    read: actions.includes('read'),
    create: actions.includes('create'),
    edit: actions.includes('edit'),
    delete: actions.includes('delete'),
  }));
}

function demoPrivilegesOf(type: UserType): Privilege[] {
  if (type === 'super admin') return allPrivileges();
  const group = DEMO_GROUP_OF[type];
  return group ? privilegesOf(DEMO_GROUPS[group] ?? {}) : [];
}

/** The English texts of every namespace, to show each link by its label rather than its key. */
const EN_TEXTS = import.meta.glob<Record<string, unknown>>('../../i18n/locales/en/*.json', {
  eager: true,
  import: 'default',
});

function englishOf(labelKey: string): string {
  const [namespace, key] = labelKey.includes(':') ? labelKey.split(':') : ['layout', labelKey];
  let value: unknown = EN_TEXTS[`../../i18n/locales/en/${namespace}.json`];
  for (const part of (key ?? '').split('.')) {
    // Safe: a JSON object's values are read by key only, and checked to be a string at the end.
    value =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value !== 'string') throw new Error(`no English text for ${labelKey}`);
  return value;
}

/** The drawer as a user sees it: each heading, then each link's path, label and icon. */
function drawerOf(type: UserType, privileges: readonly Privilege[]): string[] {
  return navGroupsOf(areaOf(type), privileges, type).flatMap((group) => [
    `# ${group.section ?? '-'}`,
    ...group.items.map(
      // Safe: every Tabler icon carries its name as displayName; a missing one shows as `?`.
      (item) =>
        `${item.path} | ${englishOf(item.labelKey)} | ${(item.icon as { displayName?: string }).displayName ?? '?'}`,
    ),
  ]);
}

describe('the drawer of every user type', () => {
  it.each(USER_TYPES)('shows %s, with its demo permissions, the same links in the same order', (type) => {
    expect(drawerOf(type, demoPrivilegesOf(type))).toMatchSnapshot();
  });

  it.each(BACK_OFFICE_TYPES)('shows %s no feature link without a permission', (type) => {
    expect(drawerOf(type, [])).toMatchSnapshot();
  });

  it('shows a back-office user holding one permission exactly the links of that permission', () => {
    const byPermission = RESOURCE_IDS.flatMap((id) =>
      ALL.map((action) => {
        const only = privilegesOf({ [id]: [action] });
        const links = navGroupsOf('admin', only, 'manager').flatMap((group) =>
          group.items.map((item) => item.path),
        );
        return `${action}_${id}: ${links.join(' ')}`;
      }),
    );
    expect(byPermission).toMatchSnapshot();
  });
});
