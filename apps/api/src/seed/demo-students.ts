import { withSaudiIdCheckDigit } from '@tasreeh/shared';
import type { Db } from '../db/client.ts';
import { corporates, students, users } from '../db/schema/index.ts';

/** Workers as a training centre meets them: name in both languages, nationality, occupation. */
const WORKERS = [
  ['Rajesh Kumar', 'راجيش كومار', 'IN', 'Cook'],
  ['Abdul Karim', 'عبدالكريم', 'BD', 'Kitchen helper'],
  ['Juan Santos', 'خوان سانتوس', 'PH', 'Waiter'],
  ['Ram Thapa', 'رام ثابا', 'NP', 'Baker'],
  ['Imran Khan', 'عمران خان', 'PK', 'Butcher'],
  ['Siti Aminah', 'سيتي أمينة', 'ID', 'Beautician'],
  ['Mahmoud Hassan', 'محمود حسن', 'EG', 'Barber'],
  ['Faisal Al-Harbi', 'فيصل الحربي', 'SA', 'Restaurant supervisor'],
  ['Anil Sharma', 'أنيل شارما', 'IN', 'Laundry worker'],
  ['Mohammed Rafiq', 'محمد رفيق', 'BD', 'Cleaner'],
  ['Jose Reyes', 'خوسيه رييس', 'PH', 'Barista'],
  ['Bishnu Gurung', 'بيشنو غورونغ', 'NP', 'Dishwasher'],
  ['Tariq Mehmood', 'طارق محمود', 'PK', 'Cook'],
  ['Dewi Lestari', 'ديوي ليستاري', 'ID', 'Hairdresser'],
  ['Ahmed Fathy', 'أحمد فتحي', 'EG', 'Pastry chef'],
  ['Saad Al-Qahtani', 'سعد القحطاني', 'SA', 'Food inspector'],
  ['Suresh Nair', 'سوريش ناير', 'IN', 'Tailor'],
] as const;

const REGION_OF_BRANCH: Record<string, { regionCode: string; cityId: string }> = {
  'RUH-01': { regionCode: 'SA-01', cityId: 'riyadh' },
  'JED-01': { regionCode: 'SA-02', cityId: 'jeddah' },
  'DMM-01': { regionCode: 'SA-04', cityId: 'dammam' },
};

export const DEMO_SECOND_CORPORATE = {
  email: 'alwaha@tasreeh.test',
  crNumber: '4030234567',
  nameEn: 'Al-Waha Laundry Services',
  nameAr: 'مؤسسة الواحة لخدمات الغسيل',
} as const;

export const DEMO_STUDENT_COUNT = 50;

/**
 * Fifty students across the three branches, twelve under the first demo corporate and ten
 * under a second one (with its own login, to be changed at first login), two of them on hold.
 * Saudis carry a national ID, others an Iqama; every number passes the check digit.
 */
export async function seedDemoStudents(
  db: Db,
  context: { branchIds: Record<string, number>; firstCorporateId: number; passwordHash: string },
): Promise<void> {
  const [corporateUser] = await db
    .insert(users)
    .values({
      type: 'corporate',
      email: DEMO_SECOND_CORPORATE.email,
      username: 'alwaha',
      phone: '+966500000090',
      nameEn: DEMO_SECOND_CORPORATE.nameEn,
      nameAr: DEMO_SECOND_CORPORATE.nameAr,
      isDemo: true,
      passwordHash: context.passwordHash,
      changePassword: true,
    })
    .returning({ id: users.id });
  if (!corporateUser) throw new Error('second demo corporate not inserted');
  const [secondCorporate] = await db
    .insert(corporates)
    .values({
      userId: corporateUser.id,
      crNumber: DEMO_SECOND_CORPORATE.crNumber,
      nameEn: DEMO_SECOND_CORPORATE.nameEn,
      nameAr: DEMO_SECOND_CORPORATE.nameAr,
      type: 'establishment',
      category: 'Laundry',
      vatNumber: '302345678900003',
      representativeName: 'Salem Al-Waha',
      representativeEmail: DEMO_SECOND_CORPORATE.email,
      representativePhone: '+966500000090',
      headOfficeRegion: 'SA-02',
      headOfficeCity: 'jeddah',
    })
    .returning({ id: corporates.id });
  if (!secondCorporate) throw new Error('second demo corporate not inserted');

  const branchCodes = Object.keys(REGION_OF_BRANCH);
  for (let n = 1; n <= DEMO_STUDENT_COUNT; n++) {
    const [nameEn, nameAr, nationality, occupation] = WORKERS[n % WORKERS.length] ?? WORKERS[0];
    const isSaudi = nationality === 'SA';
    const branchCode = branchCodes[n % branchCodes.length] ?? 'RUH-01';
    const corporateId = n <= 12 ? context.firstCorporateId : n <= 22 ? secondCorporate.id : null;
    const [user] = await db
      .insert(users)
      .values({
        type: 'student',
        email: `student${String(n).padStart(2, '0')}@tasreeh.test`,
        phone: `+9665510000${String(n).padStart(2, '0')}`,
        nameEn: `${nameEn} ${n}`,
        nameAr: `${nameAr} ${n}`,
        idType: isSaudi ? 'national_id' : 'iqama',
        idNumber: withSaudiIdCheckDigit(`${isSaudi ? 1 : 2}${String(100_000 + n).padStart(8, '0')}`),
        dateOfBirth: `${1980 + (n % 20)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        branchId: context.branchIds[branchCode] ?? null,
        isDemo: true,
        passwordHash: context.passwordHash,
      })
      .returning({ id: users.id });
    if (!user) throw new Error(`demo student ${n} not inserted`);
    await db.insert(students).values({
      userId: user.id,
      branchId: context.branchIds[branchCode] ?? null,
      corporateId,
      nationality,
      gender: nameEn === 'Siti Aminah' || nameEn === 'Dewi Lestari' ? 'female' : 'male',
      ...REGION_OF_BRANCH[branchCode],
      idExpiry: `2027-${String((n % 12) + 1).padStart(2, '0')}-15`,
      occupation,
      occupationInIqama: isSaudi ? null : occupation,
      education: n % 3 === 0 ? 'secondary' : 'intermediate',
      onHold: n === 7 || n === 31,
      holdReason: n === 7 || n === 31 ? 'ID copy unreadable — bring the original' : null,
    });
  }
}
