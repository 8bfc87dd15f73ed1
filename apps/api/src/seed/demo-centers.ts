import { CENTER_USER_TYPES, type CenterKind } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { centers, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { DEMO_PASSWORD, demoEmailOf } from './demo-users.ts';

interface DemoCenter {
  kind: CenterKind;
  nameEn: string;
  nameAr: string;
  crNumber: string;
  licenceNumber: string;
  regionCode: string;
  cityId: string;
  address: string;
  contactName: string;
}

/** The approved centre behind each demo centre login. */
const APPROVED: DemoCenter[] = [
  {
    kind: 'training',
    nameEn: 'Al-Riyadh Food Safety Training Centre',
    nameAr: 'مركز الرياض للتدريب على سلامة الغذاء',
    crNumber: '1010987654',
    licenceNumber: 'TVTC-2024-1187',
    regionCode: 'SA-01',
    cityId: 'riyadh',
    address: 'King Fahd Road, Al-Olaya, Riyadh',
    contactName: 'Turki Al-Subaie',
  },
  {
    kind: 'medical',
    nameEn: 'Al-Shifa Medical Centre',
    nameAr: 'مركز الشفاء الطبي',
    crNumber: '4030987654',
    licenceNumber: 'MOH-1402-5531',
    regionCode: 'SA-02',
    cityId: 'jeddah',
    address: 'Prince Sultan Street, Al-Rawdah, Jeddah',
    contactName: 'Dr. Hanan Al-Ghamdi',
  },
];

/** Registrations still waiting for the super admin, so that user-approval has something to show. */
const PENDING: (DemoCenter & { email: string; phone: string })[] = [
  {
    kind: 'training',
    nameEn: 'Eastern Hygiene Academy',
    nameAr: 'أكاديمية الشرقية للنظافة الصحية',
    crNumber: '2050123456',
    licenceNumber: 'TVTC-2025-0342',
    regionCode: 'SA-04',
    cityId: 'dammam',
    address: 'Prince Mohammed bin Fahd Road, Dammam',
    contactName: 'Nasser Al-Dossary',
    email: 'eastern.academy@tasreeh.test',
    phone: '+966511110001',
  },
  {
    kind: 'medical',
    nameEn: 'Al-Qassim Care Clinics',
    nameAr: 'عيادات القصيم للرعاية',
    crNumber: '1131123456',
    licenceNumber: 'MOH-1445-2210',
    regionCode: 'SA-05',
    cityId: 'buraydah',
    address: 'King Abdulaziz Road, Buraydah',
    contactName: 'Dr. Saad Al-Harbi',
    email: 'qassim.care@tasreeh.test',
    phone: '+966511110002',
  },
];

const inForce = { crExpiry: '2028-12-31', licenceExpiry: '2027-06-30', vatNumber: '300987654300003' };

/** Demo centres: one approved of each kind for the demo centre logins, and two pending requests. */
export async function seedDemoCenters(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const center of APPROVED) {
      const [login] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, demoEmailOf(CENTER_USER_TYPES[center.kind])));
      if (!login) throw new Error(`demo ${center.kind} centre login missing`);
      await tx.insert(centers).values({ ...center, ...inForce, userId: login.id, status: 'approved' });
    }
    for (const { email, phone, ...center } of PENDING) {
      const [login] = await tx
        .insert(users)
        .values({
          type: CENTER_USER_TYPES[center.kind],
          status: 'pending',
          email,
          phone,
          nameEn: center.nameEn,
          nameAr: center.nameAr,
          isDemo: true,
          passwordHash,
        })
        .returning({ id: users.id });
      if (!login) throw new Error('demo pending centre login not inserted');
      await tx.insert(centers).values({ ...center, ...inForce, userId: login.id });
    }
  });
}
