import { USER_TYPES, type UserType, userTypeSlug } from '@tasreeh/shared';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { corporates, DEMO_EMAIL_DOMAIN, students, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { seedDemoBranches } from './demo-branches.ts';
import { seedDemoFees } from './demo-fees.ts';
import { seedDemoStudents } from './demo-students.ts';
import { type StarterGroup, seedDemoBranchGroup, seedPermissionGroups } from './permission-groups.ts';

export const DEMO_PASSWORD = 'Tasreeh@2026';

/** The demo e-mail of a user type: `super admin` → `superadmin@tasreeh.test`. */
export function demoEmailOf(type: UserType): string {
  return `${userTypeSlug(type)}@${DEMO_EMAIL_DOMAIN}`;
}

interface DemoProfile {
  nameEn: string;
  nameAr: string;
  group?: StarterGroup;
}

const PROFILES: Record<UserType, DemoProfile> = {
  'super admin': { nameEn: 'Sara Al-Harbi', nameAr: 'سارة الحربي' },
  'branch admin': { nameEn: 'Khalid Al-Otaibi', nameAr: 'خالد العتيبي', group: 'branchAdmin' },
  CFO: { nameEn: 'Faisal Al-Qahtani', nameAr: 'فيصل القحطاني', group: 'finance' },
  CEO: { nameEn: 'Abdullah Al-Saud', nameAr: 'عبدالله آل سعود', group: 'management' },
  COO: { nameEn: 'Noura Al-Dosari', nameAr: 'نورة الدوسري', group: 'management' },
  TrainingManager: { nameEn: 'Hind Al-Shehri', nameAr: 'هند الشهري', group: 'training' },
  manager: { nameEn: 'Majed Al-Ghamdi', nameAr: 'ماجد الغامدي', group: 'management' },
  HeadOfIT: { nameEn: 'Omar Al-Zahrani', nameAr: 'عمر الزهراني', group: 'it' },
  DevTeam: { nameEn: 'Lama Al-Mutairi', nameAr: 'لمى المطيري', group: 'it' },
  Amanah: { nameEn: 'Amanah Inspector', nameAr: 'مفتش الأمانة', group: 'amanah' },
  Teller: { nameEn: 'Yousef Al-Shammari', nameAr: 'يوسف الشمري', group: 'teller' },
  branchaccountant: { nameEn: 'Reem Al-Anazi', nameAr: 'ريم العنزي', group: 'branchAccounts' },
  student: { nameEn: 'Mohammed Rahman', nameAr: 'محمد رحمن' },
  corporate: { nameEn: 'Al-Nakheel Catering Co.', nameAr: 'شركة النخيل للإعاشة' },
  Instructor: { nameEn: 'Ahmed Al-Farsi', nameAr: 'أحمد الفارسي' },
  Examiner: { nameEn: 'Mona Al-Harthi', nameAr: 'منى الحارثي' },
  'training center': {
    nameEn: 'Al-Riyadh Food Safety Training Centre',
    nameAr: 'مركز الرياض للتدريب على سلامة الغذاء',
  },
  'medical center': { nameEn: 'Al-Shifa Medical Centre', nameAr: 'مركز الشفاء الطبي' },
};

/** Types that work in one branch and see only its rows; the others are head office. */
const BRANCH_BOUND = new Set<UserType>([
  'branch admin',
  'Teller',
  'branchaccountant',
  'Instructor',
  'Examiner',
  'student',
]);

/** A valid Iqama number (starts with 2, Luhn check digit) for the demo student. */
export const DEMO_STUDENT_ID_NUMBER = '2000000006';
export const DEMO_CORPORATE_CR = '1010123456';

/**
 * One account for every user type, each with the demo password. Runs only on a database
 * with no users, so a real centre's data is never touched.
 */
export async function seedDemoUsers(db: Db): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return false;
  const groups = await seedPermissionGroups(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const branchIds = await seedDemoBranches(tx);
    await seedDemoFees(tx);
    const branchId = branchIds['RUH-01'] ?? null;
    if (branchId !== null) await seedDemoBranchGroup(tx, branchId);
    let firstCorporateId: number | undefined;
    for (const [index, type] of USER_TYPES.entries()) {
      const profile = PROFILES[type];
      const slug = userTypeSlug(type);
      const [user] = await tx
        .insert(users)
        .values({
          type,
          email: demoEmailOf(type),
          username: slug,
          phone: `+9665000000${String(index).padStart(2, '0')}`,
          nameEn: profile.nameEn,
          nameAr: profile.nameAr,
          isDemo: true,
          passwordHash,
          permissionGroupId: profile.group ? groups[profile.group] : null,
          branchId: BRANCH_BOUND.has(type) ? branchId : null,
          idNumber: type === 'student' ? DEMO_STUDENT_ID_NUMBER : null,
          idType: type === 'student' ? 'iqama' : null,
          changePassword: type === 'corporate',
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`demo user ${type} not inserted`);
      if (type === 'student') await tx.insert(students).values({ userId: user.id, branchId });
      if (type === 'corporate') {
        const [corporate] = await tx
          .insert(corporates)
          .values({
            userId: user.id,
            crNumber: DEMO_CORPORATE_CR,
            nameEn: profile.nameEn,
            nameAr: profile.nameAr,
            type: 'company',
            category: 'Catering',
            vatNumber: '310123456700003',
            representativeName: 'Fahad Al-Nakheel',
            representativeEmail: demoEmailOf(type),
            representativePhone: `+9665000000${String(index).padStart(2, '0')}`,
            headOfficeRegion: 'SA-01',
            headOfficeCity: 'riyadh',
          })
          .returning({ id: corporates.id });
        firstCorporateId = corporate?.id;
      }
    }
    if (firstCorporateId === undefined) throw new Error('demo corporate not inserted');
    await seedDemoStudents(tx, { branchIds, firstCorporateId, passwordHash });
  });
  return true;
}
