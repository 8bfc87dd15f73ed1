import { branchIdOf, groupIdOf } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** What the staff tests work with: the two demo branches and the seeded Tellers group. */
export async function staffPlaces(t: TestApp) {
  return {
    riyadhId: await branchIdOf(t, 'RUH-01'),
    jeddahId: await branchIdOf(t, 'JED-01'),
    tellerGroupId: await groupIdOf(t, 'Tellers'),
  };
}

let seed = 0;

/**
 * A complete, valid teller for POST /api/users (password `Strong@2026`), unique within the
 * test run; overrides replace fields.
 */
export function newStaffFields(
  places: { tellerGroupId: number; branchId: number },
  overrides: Record<string, unknown> = {},
) {
  seed++;
  return {
    nameEn: `Teller Number ${seed}`,
    nameAr: `صراف رقم ${seed}`,
    email: `teller${seed}@centre.test`,
    username: `teller.${seed}`,
    phone: `05300000${String(seed).padStart(2, '0')}`,
    type: 'Teller',
    employeeType: 'full_time',
    permissionGroupId: places.tellerGroupId,
    branchId: places.branchId,
    idType: 'passport',
    idNumber: `P${String(seed).padStart(7, '0')}`,
    idExpiryHijri: '1449-05-10',
    password: 'Strong@2026',
    rePassword: 'Strong@2026',
    ...overrides,
  };
}

/** A staff account as PATCH /api/users/:id takes it back, read by `token` (a super admin's reads any). */
export async function editableStaff(t: TestApp, token: string, id: number) {
  const user = (await t.call({ method: 'GET', url: `/api/users/${id}`, token })).json();
  const fields = {
    nameEn: user.nameEn,
    nameAr: user.nameAr,
    email: user.email,
    username: user.username,
    phone: user.phone,
    type: user.type,
    employeeType: user.employeeType,
    permissionGroupId: user.permissionGroup?.id ?? null,
    branchId: user.branch?.id ?? null,
    dateOfBirth: user.dateOfBirth,
    idType: user.idType,
    idNumber: user.idNumber,
    idExpiryHijri: user.idExpiryHijri,
    status: user.status,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
}
