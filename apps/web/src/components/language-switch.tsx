import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';

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
        { value: 'ar', label: <span lang="ar">العربية</span> },
      ]}
    />
  );
}
