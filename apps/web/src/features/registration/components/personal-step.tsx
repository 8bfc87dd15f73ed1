import { Group, NativeSelect, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EDUCATION_LEVELS, GENDERS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { DatePartsField } from './date-parts-field.tsx';
import { fieldId, type StudentStepProps } from './step-props.ts';
import { useCountryOptions } from './use-countries.ts';

/** Step 1: names, date of birth (Gregorian or Hijri), gender, nationality and education. */
export function PersonalStep({ values, setField, errorOf }: StudentStepProps) {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id={fieldId('fullNameAr')}
          label={t('fields.fullNameAr')}
          description={t('fields.fullNameArHint')}
          value={values.fullNameAr}
          onChange={(event) => setField('fullNameAr', event.currentTarget.value)}
          error={errorOf('fullNameAr')}
          lang="ar"
          dir="rtl"
          autoComplete="off"
          required
        />
        <TextInput
          id={fieldId('fullNameEn')}
          label={t('fields.fullNameEn')}
          value={values.fullNameEn}
          onChange={(event) => setField('fullNameEn', event.currentTarget.value)}
          error={errorOf('fullNameEn')}
          lang="en"
          dir="ltr"
          autoComplete="name"
          required
        />
      </SimpleGrid>
      <DatePartsField
        id={fieldId('dateOfBirth')}
        label={t('fields.dateOfBirth')}
        value={values.dateOfBirth}
        onChange={(value) => setField('dateOfBirth', value)}
        error={errorOf('dateOfBirth')}
        yearPlaceholder={{ gregorian: '1990', hijri: '1410' }}
        required
      />
      <Radio.Group
        label={t('fields.gender')}
        value={values.gender}
        onChange={(value) => setField('gender', value === 'female' ? 'female' : 'male')}
        error={errorOf('gender')}
        required
      >
        <Group gap="xl" mt={6}>
          {GENDERS.map((gender, index) => (
            <Radio
              key={gender}
              id={index === 0 ? fieldId('gender') : undefined}
              value={gender}
              label={t(`genders.${gender}`)}
            />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          id={fieldId('nationality')}
          label={t('fields.nationality')}
          placeholder={t('fields.nationalitySearch')}
          data={countries}
          value={values.nationality || null}
          onChange={(value) => setField('nationality', value ?? '')}
          error={errorOf('nationality')}
          searchable
          clearable
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          required
        />
        <NativeSelect
          id={fieldId('education')}
          label={t('fields.education')}
          value={values.education}
          onChange={(event) => {
            const level = EDUCATION_LEVELS.find((candidate) => candidate === event.currentTarget.value);
            setField('education', level ?? '');
          }}
          error={errorOf('education')}
          data={[
            { value: '', label: t('choose') },
            ...EDUCATION_LEVELS.map((level) => ({ value: level, label: t(`education.${level}`) })),
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
