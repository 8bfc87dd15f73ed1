import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';

/**
 * On an English page the one Arabic word is set in the system's font: loading the web font's
 * Arabic letters for it would hold the first paint of every English page (decision 0010).
 */
const SYSTEM_FONT = { fontFamily: 'system-ui, sans-serif' };

/** English / العربية switch; each option names its language in that language. */
export function LanguageSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  return (
    <SegmentedControl
      size={size}
      aria-label={t('language.label')}
      value={language}
      onChange={(value) => setLanguage(value === 'ar' ? 'ar' : 'en')}
      data={[
        { value: 'en', label: <span lang="en">English</span> },
        {
          value: 'ar',
          label: (
            <span lang="ar" style={language === 'ar' ? undefined : SYSTEM_FONT}>
              العربية
            </span>
          ),
        },
      ]}
    />
  );
}
