import { readFile } from 'node:fs/promises';
import { RESOURCE_IDS, Resource } from '@tasreeh/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, permissionGroups, users } from '../db/schema/index.ts';
import { privilegesFromStored } from '../modules/auth/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_BRANCH_GROUP, STARTER_GROUPS } from './permission-groups.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const RESOURCE_NAMES: Record<number, string> = {
  1: 'users',
  2: 'branches',
  3: 'students',
  4: 'corporates',
  5: 'classrooms',
  6: 'courses',
  7: 'assessments',
  8: 'scheduling',
  9: 'bookings',
  10: 'finance',
  16: 'products',
  17: 'closing',
  18: 'Amana invoices',
  19: 'scores',
  20: 'health check',
};

/** The demo groups × resources table the README shows, built from the seeded database. */
async function rightsTable(): Promise<string> {
  const groups = await t.db
    .select({
      id: permissionGroups.id,
      nameEn: permissionGroups.nameEn,
      stored: permissionGroups.privileges,
      branchCode: branches.code,
    })
    .from(permissionGroups)
    .leftJoin(branches, eq(branches.id, permissionGroups.branchId))
    .orderBy(asc(permissionGroups.id));
  const members = await t.db
    .select({ groupId: users.permissionGroupId, username: users.username })
    .from(users)
    .orderBy(asc(users.id));
  const header = `| group | owner | demo accounts | ${RESOURCE_IDS.map((id) => `${id} ${RESOURCE_NAMES[id]}`).join(' | ')} |`;
  const rule = `|${Array(RESOURCE_IDS.length + 3)
    .fill('---')
    .join('|')}|`;
  const rows = groups.map((group) => {
    const privileges = privilegesFromStored(group.stored);
    const accounts = members
      .filter((member) => member.groupId === group.id)
      .map((member) => `\`${member.username}\``)
      .join(', ');
    const cells = RESOURCE_IDS.map((id) => {
      const flags = privileges.find((privilege) => privilege.id === id);
      const letters = flags
        ? (['read', 'create', 'edit', 'delete'] as const)
            .filter((action) => flags[action])
            .map((action) => action[0])
            .join('')
        : '';
      return letters || '·';
    });
    return `| ${group.nameEn} | ${group.branchCode ?? 'head office'} | ${accounts || '—'} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

describe('the seeded permission groups (least privilege)', () => {
  it('are the table the README shows under the demo accounts', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const table = await rightsTable();
    expect(readme, `README.md should contain:\n${table}`).toContain(table);
  });

  it('give fee setup (create or edit of finance) to the Finance group alone', () => {
    for (const [key, group] of Object.entries({ ...STARTER_GROUPS, demo: DEMO_BRANCH_GROUP })) {
      const finance: readonly string[] =
        (group.grants as Record<number, readonly string[]>)[Resource.Finance] ?? [];
      const setsFeesUp = finance.includes('create') || finance.includes('edit');
      expect(setsFeesUp, key).toBe(key === 'finance');
    }
  });

  it('refuse a teller and a branch accountant a fee setup (POST /api/fee-setups 403); they still read fees', async () => {
    for (const type of ['Teller', 'branchaccountant'] as const) {
      const { token } = await t.loginAs(type);
      const created = await t.call({
        method: 'POST',
        url: '/api/fee-setups',
        token,
        payload: {
          nameEn: `Desk fee ${type}`,
          nameAr: `رسوم المكتب ${type}`,
          service: 'course',
          originalFee: '200',
          amanaFeeKind: 'percent',
          amanaFee: '10',
          vatRate: '15',
          vatOnOriginal: true,
          vatOnAmana: true,
        },
      });
      expect(created.statusCode, type).toBe(403);
      expect(created.json().code).toBe('FORBIDDEN');
      expect((await t.call({ method: 'GET', url: '/api/fee-setups', token })).statusCode, type).toBe(200);
    }
  });

  it('let the branch admin manage every account of its branch (it holds all their groups’ rights)', async () => {
    const { token } = await t.loginAs('branch admin');
    for (const type of ['Teller', 'branchaccountant'] as const) {
      const { userId } = await t.loginAs(type);
      for (const status of ['inactive', 'active'] as const) {
        const response = await t.call({
          method: 'PATCH',
          url: `/api/users/${userId}/status`,
          token,
          payload: { status },
        });
        expect(response.statusCode, `${type} ${status}`).toBe(200);
      }
    }
  });

  it('keep DevTeam and HeadOfIT from finance and from the accounts of finance staff', async () => {
    const { token } = await t.loginAs('DevTeam');
    expect((await t.call({ method: 'GET', url: '/api/fee-setups', token })).statusCode).toBe(403);
    const { userId: accountant } = await t.loginAs('branchaccountant');
    const response = await t.call({
      method: 'PATCH',
      url: `/api/users/${accountant}/status`,
      token,
      payload: { status: 'inactive' },
    });
    expect(response.statusCode).toBe(403);
  });
});
