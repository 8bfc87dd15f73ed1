import { DEFAULT_VAT_BASIS_POINTS } from '@tasreeh/shared';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';

/** What a health-certificate training centre sells beside its courses; prices in halalas before VAT. */
const DEMO_PRODUCTS: (typeof products.$inferInsert)[] = [
  {
    type: 'physical',
    code: 'PHY-CARD-HOLDER',
    nameEn: 'Health certificate card holder',
    nameAr: 'حافظة بطاقة الشهادة الصحية',
    descriptionEn: 'Clear PVC holder with a lanyard, sized for the printed health certificate card.',
    descriptionAr: 'حافظة شفافة مع حبل تعليق، بمقاس بطاقة الشهادة الصحية المطبوعة.',
    price: 1_500,
  },
  {
    type: 'physical',
    code: 'PHY-CAP-APRON',
    nameEn: 'Food handler cap and apron set',
    nameAr: 'طقم قبعة ومريلة لمتداولي الأغذية',
    descriptionEn: 'Washable white cotton apron with a matching hair cap, as inspectors expect in kitchens.',
    descriptionAr: 'مريلة قطنية بيضاء قابلة للغسل مع غطاء شعر مطابق، كما يطلبه المفتشون في المطابخ.',
    price: 4_500,
  },
  {
    type: 'physical',
    code: 'PHY-GLOVES-100',
    nameEn: 'Nitrile food-safe gloves (box of 100)',
    nameAr: 'قفازات نتريل آمنة للأغذية (علبة 100 قفاز)',
    price: 2_900,
  },
  {
    type: 'online',
    code: 'ONL-FOOD-SAFETY',
    nameEn: 'Food safety e-learning pack',
    nameAr: 'حقيبة التعلم الإلكتروني لسلامة الغذاء',
    descriptionEn:
      'Twelve short lessons with quizzes on hygiene, storage temperatures and cross-contamination.',
    descriptionAr: 'اثنا عشر درساً قصيراً مع اختبارات عن النظافة ودرجات حرارة التخزين والتلوث الخلطي.',
    price: 9_900,
  },
  {
    type: 'online',
    code: 'ONL-HACCP-BASICS',
    nameEn: 'HACCP basics video course',
    nameAr: 'دورة مرئية في أساسيات نظام تحليل المخاطر ونقاط التحكم الحرجة',
    descriptionEn: 'Two hours of video on the seven HACCP principles, with a completion certificate.',
    descriptionAr: 'ساعتان من الفيديو عن المبادئ السبعة لنظام تحليل المخاطر، مع شهادة إتمام.',
    price: 19_900,
  },
];

/** The demo catalogue; a code already there is left as it is. */
export async function seedDemoProducts(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((product) => ({ vatRate: DEFAULT_VAT_BASIS_POINTS, ...product })))
    .onConflictDoNothing();
}
