import { DEFAULT_VAT_BASIS_POINTS } from '@tasreeh/shared';
import type { Db } from '../db/client.ts';
import { feeSetups, ledgerAccounts } from '../db/schema/index.ts';

/** Fee setups a centre starts from; the ReTake price is the Balady rule's SAR 150 (reference/saudi-reference.md). */
export async function seedDemoFees(db: Db): Promise<void> {
  const vat = { vatRate: DEFAULT_VAT_BASIS_POINTS, vatOnOriginal: true, vatOnAmana: false } as const;
  await db.insert(feeSetups).values([
    {
      nameEn: 'Health education course',
      nameAr: 'دورة التثقيف الصحي',
      service: 'course',
      originalFee: 20_000,
      amanaFeeKind: 'percent',
      amanaFee: 1_000,
      ...vat,
    },
    {
      nameEn: 'Health certificate exam',
      nameAr: 'اختبار الشهادة الصحية',
      service: 'exam',
      originalFee: 10_000,
      amanaFeeKind: 'amount',
      amanaFee: 0,
      ...vat,
    },
    {
      nameEn: 'ReAssessment (first retake)',
      nameAr: 'إعادة التقييم (الإعادة الأولى)',
      service: 'reassessment',
      originalFee: 0,
      amanaFeeKind: 'amount',
      amanaFee: 0,
      ...vat,
    },
    {
      nameEn: 'ReTake (second retake)',
      nameAr: 'إعادة الاختبار (الإعادة الثانية)',
      service: 'retake',
      originalFee: 15_000,
      amanaFeeKind: 'amount',
      amanaFee: 0,
      ...vat,
    },
  ]);
  await db.insert(ledgerAccounts).values([
    {
      department: 'Training',
      businessUnit: 'Riyadh',
      organization: 'Tasreeh Training',
      naturalAccount: '410100',
      mainAccount: 'Course revenue',
    },
    {
      department: 'Exams',
      businessUnit: 'Riyadh',
      organization: 'Tasreeh Training',
      naturalAccount: '410200',
      mainAccount: 'Exam revenue',
    },
  ]);
}
