import type { CourseExamInput, CourseInput, CourseSessionInput } from '@tasreeh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { courseSessions, courses, exams, feeSetups } from '../db/schema/index.ts';

type DemoCourse = Omit<CourseInput, 'feeSetupId'> & {
  sessions: CourseSessionInput[];
  exam: CourseExamInput;
};

const EXAM: CourseExamInput = {
  questionCount: 30,
  fullMarks: 100,
  passingMarks: 60,
  failedMarks: 59,
  durationMinutes: 45,
};

const HYGIENE_SESSION: CourseSessionInput = {
  titleEn: 'Personal hygiene and health certificates',
  titleAr: 'النظافة الشخصية والشهادات الصحية',
  durationMinutes: 60,
  trainingType: 'in_person',
};

/** The five sectors the spec names, each with a complete wizard: details, sessions and exam. */
const DEMO_COURSES: DemoCourse[] = [
  {
    nameEn: 'Food Safety Basics',
    nameAr: 'أساسيات سلامة الغذاء',
    sector: 'food_safety',
    language: 'ar',
    level: 'basic',
    descriptionEn: 'Safe handling, storage and serving of food for restaurant and kitchen workers.',
    descriptionAr: 'التداول الآمن للغذاء وتخزينه وتقديمه للعاملين في المطاعم والمطابخ.',
    status: 'active',
    sessions: [
      HYGIENE_SESSION,
      {
        titleEn: 'Food storage and temperatures',
        titleAr: 'تخزين الغذاء ودرجات الحرارة',
        durationMinutes: 90,
        trainingType: 'in_person',
      },
      {
        titleEn: 'Cleaning and pest control',
        titleAr: 'التنظيف ومكافحة الآفات',
        durationMinutes: 60,
        trainingType: 'remote',
      },
    ],
    exam: EXAM,
  },
  {
    nameEn: 'Laundry Hygiene',
    nameAr: 'النظافة في المغاسل',
    sector: 'laundry',
    language: 'ur',
    level: 'basic',
    descriptionEn: 'Handling, washing and returning clothes without spreading infection.',
    descriptionAr: 'استلام الملابس وغسلها وتسليمها دون نقل العدوى.',
    status: 'active',
    sessions: [
      HYGIENE_SESSION,
      {
        titleEn: 'Detergents and chemical safety',
        titleAr: 'المنظفات والسلامة الكيميائية',
        durationMinutes: 60,
        trainingType: 'in_person',
      },
    ],
    exam: { ...EXAM, questionCount: 20 },
  },
  {
    nameEn: 'Barber Shop Hygiene',
    nameAr: 'النظافة في صالونات الحلاقة',
    sector: 'barber',
    language: 'bn',
    level: 'basic',
    descriptionEn: 'Sterilising tools and preventing skin and blood-borne infections.',
    descriptionAr: 'تعقيم الأدوات والوقاية من عدوى الجلد والأمراض المنقولة بالدم.',
    status: 'active',
    sessions: [
      HYGIENE_SESSION,
      {
        titleEn: 'Sterilising tools',
        titleAr: 'تعقيم الأدوات',
        durationMinutes: 75,
        trainingType: 'in_person',
      },
    ],
    exam: { ...EXAM, questionCount: 25 },
  },
  {
    nameEn: 'Beauty Parlour Health & Safety',
    nameAr: 'الصحة والسلامة في مشاغل التجميل',
    sector: 'beauty_parlour',
    language: 'fil',
    level: 'intermediate',
    descriptionEn: 'Safe use of cosmetics, tools and chemicals in beauty parlours.',
    descriptionAr: 'الاستخدام الآمن لمستحضرات التجميل والأدوات والمواد الكيميائية في المشاغل.',
    status: 'active',
    sessions: [
      HYGIENE_SESSION,
      {
        titleEn: 'Cosmetics and chemical safety',
        titleAr: 'مستحضرات التجميل والسلامة الكيميائية',
        durationMinutes: 90,
        trainingType: 'in_person',
      },
    ],
    exam: EXAM,
  },
  {
    nameEn: 'Public Health Awareness',
    nameAr: 'التوعية بالصحة العامة',
    sector: 'public_health',
    language: 'en',
    level: 'advanced',
    descriptionEn: 'Infectious diseases, vaccination and the duties of public-health workers.',
    descriptionAr: 'الأمراض المعدية والتطعيم وواجبات العاملين في مجال الصحة العامة.',
    status: 'active',
    sessions: [
      {
        titleEn: 'Infectious diseases at work',
        titleAr: 'الأمراض المعدية في بيئة العمل',
        durationMinutes: 90,
        trainingType: 'remote',
      },
      {
        titleEn: 'Vaccination and medical checks',
        titleAr: 'التطعيم والفحوص الطبية',
        durationMinutes: 60,
        trainingType: 'remote',
      },
    ],
    exam: { ...EXAM, questionCount: 40, durationMinutes: 60 },
  },
];

/**
 * Demo courses priced by the "Health education course" fee setup (seed/demo-fees.ts). Runs
 * again safely: a course whose name is already taken is left as it is.
 */
export async function seedDemoCourses(db: Db): Promise<void> {
  const [fee] = await db
    .select({ id: feeSetups.id })
    .from(feeSetups)
    .where(eq(feeSetups.nameEn, 'Health education course'));
  if (!fee) return;
  await db.transaction(async (tx) => {
    for (const { sessions, exam, ...details } of DEMO_COURSES) {
      const [course] = await tx
        .insert(courses)
        .values({ ...details, feeSetupId: fee.id, wizardStep: 'exam' })
        .onConflictDoNothing()
        .returning({ id: courses.id });
      if (!course) continue;
      await tx
        .insert(courseSessions)
        .values(sessions.map((session, index) => ({ ...session, courseId: course.id, position: index + 1 })));
      await tx
        .insert(exams)
        .values({ ...exam, courseId: course.id, titleEn: details.nameEn, titleAr: details.nameAr });
    }
  });
}
