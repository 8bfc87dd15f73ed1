/**
 * The 13 regions of Saudi Arabia by ISO 3166-2:SA code (there is no SA-13), with the main
 * cities of each. Reference data: seeded, validated against, shown in the user's language.
 */
export interface City {
  id: string;
  en: string;
  ar: string;
}

export interface Region {
  code: string;
  en: string;
  ar: string;
  cities: readonly City[];
}

const city = (id: string, en: string, ar: string): City => ({ id, en, ar });

export const REGIONS: readonly Region[] = [
  {
    code: 'SA-01',
    en: 'Riyadh',
    ar: 'الرياض',
    cities: [
      city('riyadh', 'Riyadh', 'الرياض'),
      city('al-kharj', 'Al-Kharj', 'الخرج'),
      city('ad-dawadmi', 'Ad-Dawadmi', 'الدوادمي'),
      city('al-majmaah', "Al-Majma'ah", 'المجمعة'),
      city('az-zulfi', 'Az-Zulfi', 'الزلفي'),
      city('wadi-ad-dawasir', 'Wadi ad-Dawasir', 'وادي الدواسر'),
    ],
  },
  {
    code: 'SA-02',
    en: 'Makkah',
    ar: 'مكة المكرمة',
    cities: [
      city('makkah', 'Makkah', 'مكة المكرمة'),
      city('jeddah', 'Jeddah', 'جدة'),
      city('taif', 'Taif', 'الطائف'),
      city('rabigh', 'Rabigh', 'رابغ'),
      city('al-qunfudhah', 'Al-Qunfudhah', 'القنفذة'),
      city('al-lith', 'Al-Lith', 'الليث'),
    ],
  },
  {
    code: 'SA-03',
    en: 'Madinah',
    ar: 'المدينة المنورة',
    cities: [
      city('madinah', 'Madinah', 'المدينة المنورة'),
      city('yanbu', 'Yanbu', 'ينبع'),
      city('al-ula', 'Al-Ula', 'العلا'),
      city('badr', 'Badr', 'بدر'),
      city('khaybar', 'Khaybar', 'خيبر'),
    ],
  },
  {
    code: 'SA-04',
    en: 'Eastern Province',
    ar: 'المنطقة الشرقية',
    cities: [
      city('dammam', 'Dammam', 'الدمام'),
      city('al-khobar', 'Al-Khobar', 'الخبر'),
      city('dhahran', 'Dhahran', 'الظهران'),
      city('al-ahsa', 'Al-Ahsa', 'الأحساء'),
      city('al-jubail', 'Al-Jubail', 'الجبيل'),
      city('al-qatif', 'Al-Qatif', 'القطيف'),
      city('hafar-al-batin', 'Hafar Al-Batin', 'حفر الباطن'),
    ],
  },
  {
    code: 'SA-05',
    en: 'Al-Qassim',
    ar: 'القصيم',
    cities: [
      city('buraydah', 'Buraydah', 'بريدة'),
      city('unaizah', 'Unaizah', 'عنيزة'),
      city('ar-rass', 'Ar-Rass', 'الرس'),
      city('al-bukayriyah', 'Al-Bukayriyah', 'البكيرية'),
    ],
  },
  {
    code: 'SA-06',
    en: 'Hail',
    ar: 'حائل',
    cities: [city('hail', 'Hail', 'حائل'), city('baqaa', "Baqa'a", 'بقعاء')],
  },
  {
    code: 'SA-07',
    en: 'Tabuk',
    ar: 'تبوك',
    cities: [
      city('tabuk', 'Tabuk', 'تبوك'),
      city('duba', 'Duba', 'ضباء'),
      city('al-wajh', 'Al-Wajh', 'الوجه'),
      city('umluj', 'Umluj', 'أملج'),
    ],
  },
  {
    code: 'SA-08',
    en: 'Northern Borders',
    ar: 'الحدود الشمالية',
    cities: [city('arar', 'Arar', 'عرعر'), city('rafha', 'Rafha', 'رفحاء'), city('turaif', 'Turaif', 'طريف')],
  },
  {
    code: 'SA-09',
    en: 'Jazan',
    ar: 'جازان',
    cities: [
      city('jazan', 'Jazan', 'جازان'),
      city('sabya', 'Sabya', 'صبيا'),
      city('abu-arish', 'Abu Arish', 'أبو عريش'),
      city('samtah', 'Samtah', 'صامطة'),
    ],
  },
  {
    code: 'SA-10',
    en: 'Najran',
    ar: 'نجران',
    cities: [city('najran', 'Najran', 'نجران'), city('sharurah', 'Sharurah', 'شرورة')],
  },
  {
    code: 'SA-11',
    en: 'Al-Bahah',
    ar: 'الباحة',
    cities: [
      city('al-bahah', 'Al-Bahah', 'الباحة'),
      city('baljurashi', 'Baljurashi', 'بلجرشي'),
      city('al-mikhwah', 'Al-Mikhwah', 'المخواة'),
    ],
  },
  {
    code: 'SA-12',
    en: 'Al-Jouf',
    ar: 'الجوف',
    cities: [
      city('sakaka', 'Sakaka', 'سكاكا'),
      city('dumat-al-jandal', 'Dumat Al-Jandal', 'دومة الجندل'),
      city('al-qurayyat', 'Al-Qurayyat', 'القريات'),
    ],
  },
  {
    code: 'SA-14',
    en: 'Asir',
    ar: 'عسير',
    cities: [
      city('abha', 'Abha', 'أبها'),
      city('khamis-mushait', 'Khamis Mushait', 'خميس مشيط'),
      city('bisha', 'Bisha', 'بيشة'),
      city('an-namas', 'An-Namas', 'النماص'),
      city('muhayil', 'Muhayil Asir', 'محايل عسير'),
    ],
  },
];

export function findRegion(code: string): Region | undefined {
  return REGIONS.find((region) => region.code === code);
}

/** True when the city is one of the region's. */
export function isCityOfRegion(regionCode: string, cityId: string): boolean {
  return findRegion(regionCode)?.cities.some((c) => c.id === cityId) ?? false;
}
