import { type Action, Resource, type ResourceId } from '@tasreeh/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { permissionGroups, type StoredPrivileges } from '../db/schema/index.ts';

type Grants = Partial<Record<ResourceId, readonly Action[]>>;

const ALL: readonly Action[] = ['read', 'create', 'edit', 'delete'];
const WORK: readonly Action[] = ['read', 'create', 'edit'];
const READ: readonly Action[] = ['read'];

function stored(grants: Grants): StoredPrivileges {
  return Object.fromEntries(
    Object.entries(grants).map(([id, actions]) => [
      id,
      {
        read: actions.includes('read'),
        create: actions.includes('create'),
        edit: actions.includes('edit'),
        delete: actions.includes('delete'),
      },
    ]),
  );
}

/**
 * The starting permission groups: reference data a new centre edits to fit itself. All belong to
 * head office (a branch's admin may give them to the branch's staff, not change them). Each holds
 * only what its users' work needs (least privilege; the README shows the table and why):
 * a branch admin holds every right of the branch groups below it, so that it may manage their
 * members; no group but Finance sets fees up; nobody but a super admin deletes staff or closings.
 */
export const STARTER_GROUPS = {
  branchAdmin: {
    nameEn: 'Branch administration',
    nameAr: 'إدارة الفرع',
    grants: {
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
  },
  management: {
    nameEn: 'Management',
    nameAr: 'الإدارة العليا',
    grants: Object.fromEntries(
      Object.values(Resource)
        .filter((id) => id !== Resource.HealthCheck)
        .map((id) => [id, READ]),
    ) as Grants,
  },
  finance: {
    nameEn: 'Finance',
    nameAr: 'المالية',
    grants: {
      [Resource.Students]: READ,
      [Resource.Corporates]: READ,
      [Resource.Bookings]: READ,
      [Resource.Finance]: ALL,
      [Resource.Closing]: WORK,
      // The centre issues the Amanah's invoices; only the Amanah verifies them (edit_18).
      [Resource.AmanaInvoices]: ['read', 'create'],
    },
  },
  branchAccounts: {
    nameEn: 'Branch accounts',
    nameAr: 'محاسبة الفرع',
    grants: {
      [Resource.Students]: READ,
      [Resource.Corporates]: READ,
      [Resource.Bookings]: READ,
      [Resource.Finance]: READ,
      [Resource.Closing]: WORK,
    },
  },
  teller: {
    nameEn: 'Tellers',
    nameAr: 'الصرافون',
    grants: {
      [Resource.Students]: WORK,
      [Resource.Corporates]: READ,
      [Resource.Scheduling]: READ,
      [Resource.Bookings]: WORK,
      [Resource.Finance]: READ,
      [Resource.Closing]: ['read', 'create'],
      [Resource.HealthCheck]: READ,
    },
  },
  training: {
    nameEn: 'Training',
    nameAr: 'التدريب',
    grants: {
      [Resource.Students]: READ,
      [Resource.Classrooms]: READ,
      [Resource.Courses]: ALL,
      [Resource.Assessments]: ALL,
      [Resource.Scheduling]: ALL,
      [Resource.Bookings]: READ,
      [Resource.Scores]: WORK,
    },
  },
  amanah: {
    nameEn: 'Amanah (municipality)',
    nameAr: 'الأمانة',
    grants: {
      [Resource.AmanaInvoices]: ['read', 'edit'],
      [Resource.HealthCheck]: READ,
      [Resource.Scores]: READ,
    },
  },
  it: {
    nameEn: 'IT',
    nameAr: 'تقنية المعلومات',
    grants: { [Resource.Users]: WORK },
  },
} satisfies Record<string, { nameEn: string; nameAr: string; grants: Grants }>;

export type StarterGroup = keyof typeof STARTER_GROUPS;

/** Inserts the starter groups that are missing; returns every starter group's id. */
export async function seedPermissionGroups(db: Db): Promise<Record<StarterGroup, number>> {
  const ids = {} as Record<StarterGroup, number>;
  for (const [key, group] of Object.entries(STARTER_GROUPS) as [
    StarterGroup,
    (typeof STARTER_GROUPS)[StarterGroup],
  ][]) {
    await db
      .insert(permissionGroups)
      .values({ nameEn: group.nameEn, nameAr: group.nameAr, privileges: stored(group.grants) })
      .onConflictDoNothing();
    const [row] = await db
      .select({ id: permissionGroups.id })
      .from(permissionGroups)
      .where(
        and(
          isNull(permissionGroups.branchId),
          sql`lower(${permissionGroups.nameEn}) = lower(${group.nameEn})`,
        ),
      );
    if (!row) throw new Error(`permission group ${group.nameEn} missing after seeding`);
    ids[key] = row.id;
  }
  return ids;
}

/** A demo group of one branch (RUH-01): what its admin sees on user-group and may change. */
export const DEMO_BRANCH_GROUP = {
  nameEn: 'Riyadh front desk',
  nameAr: 'استقبال فرع الرياض',
  grants: {
    [Resource.Students]: ['read', 'create'],
    [Resource.Scheduling]: READ,
    [Resource.Bookings]: READ,
    [Resource.HealthCheck]: READ,
  },
} satisfies { nameEn: string; nameAr: string; grants: Grants };

/** Inserts the demo branch group into its branch (demo data: only with the demo branches). */
export async function seedDemoBranchGroup(db: Db, branchId: number): Promise<void> {
  await db
    .insert(permissionGroups)
    .values({
      nameEn: DEMO_BRANCH_GROUP.nameEn,
      nameAr: DEMO_BRANCH_GROUP.nameAr,
      privileges: stored(DEMO_BRANCH_GROUP.grants),
      branchId,
    })
    .onConflictDoNothing();
}
