import type { TrainingLanguage } from '@tasreeh/shared';

/** Each exam language's name in its own script (shown as such whatever the UI language). */
export const NATIVE_NAMES: Record<TrainingLanguage, string> = {
  ar: 'العربية',
  en: 'English',
  ur: 'اردو',
  hi: 'हिन्दी',
  bn: 'বাংলা',
  fil: 'Filipino',
  ne: 'नेपाली',
  id: 'Bahasa Indonesia',
  ml: 'മലയാളം',
  ta: 'தமிழ்',
  am: 'አማርኛ',
};
