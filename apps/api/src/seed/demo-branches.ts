import type { Db } from '../db/client.ts';
import { branches, classrooms } from '../db/schema/index.ts';

const DEMO_BRANCHES = [
  {
    code: 'RUH-01',
    nameEn: 'Riyadh — Olaya',
    nameAr: 'الرياض — العليا',
    regionCode: 'SA-01',
    cityId: 'riyadh',
    type: 'main' as const,
    baladiyaCode: 'RB-1042',
    rentAmount: 12_500_000,
    rentDueDate: '2027-01-15',
    rooms: [
      { name: 'Hall A', capacity: 25 },
      { name: 'Hall B', capacity: 25 },
      { name: 'Exam room', capacity: 30 },
    ],
  },
  {
    code: 'JED-01',
    nameEn: 'Jeddah — Al-Safa',
    nameAr: 'جدة — الصفا',
    regionCode: 'SA-02',
    cityId: 'jeddah',
    type: 'sub' as const,
    baladiyaCode: 'JB-2210',
    rentAmount: 9_800_000,
    rentDueDate: '2027-03-01',
    rooms: [
      { name: 'Hall 1', capacity: 25 },
      { name: 'Hall 2', capacity: 20 },
    ],
  },
  {
    code: 'DMM-01',
    nameEn: 'Dammam — Al-Faisaliyah',
    nameAr: 'الدمام — الفيصلية',
    regionCode: 'SA-04',
    cityId: 'dammam',
    type: 'sub' as const,
    baladiyaCode: 'EB-0391',
    rentAmount: 7_200_000,
    rentDueDate: '2027-02-10',
    rooms: [{ name: 'Main hall', capacity: 25 }],
  },
];

/** Three branches with their rooms; returns the ids by code. */
export async function seedDemoBranches(db: Db): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const { rooms, ...branch } of DEMO_BRANCHES) {
    const [row] = await db.insert(branches).values(branch).returning({ id: branches.id });
    if (!row) throw new Error(`demo branch ${branch.code} not inserted`);
    ids[branch.code] = row.id;
    await db.insert(classrooms).values(rooms.map((room) => ({ ...room, branchId: row.id })));
  }
  return ids;
}
