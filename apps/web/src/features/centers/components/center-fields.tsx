import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CenterKind, findRegion, REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { CenterField, CenterValues } from '../form-model.ts';

/** What the centre's field groups get: the values, a setter, each field's message, and an id prefix. */
export interface CenterFieldsProps {
  kind: CenterKind;
  values: CenterValues;
  setField: (name: CenterField, value: string) => void;
  errorOf: (name: CenterField) => string | undefined;
  idPrefix: string;
}

/** The DOM id of a field, used to focus the first field with a problem. */
export function centerFieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

function useFieldProps({ values, setField, errorOf, idPrefix }: CenterFieldsProps) {
  return (name: CenterField) => ({
    id: centerFieldId(idPrefix, name),
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => setField(name, event.currentTarget.value),
    error: errorOf(name),
  });
}

/** The centre itself: its names, commercial registration, licence, VAT number and where it is. */
export function CenterDetailsFields(props: CenterFieldsProps) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { kind, values, setField, errorOf, idPrefix } = props;
  const field = useFieldProps(props);
  const region = findRegion(values.region);

  return (
    <Stack gap="lg">
      <FormSection legend={t('sections.names')}>
        <TextInput
          label={t('fields.nameEn')}
          required
          dir="ltr"
          lang="en"
          maxLength={160}
          {...field('nameEn')}
        />
        <TextInput
          label={t('fields.nameAr')}
          required
          dir="rtl"
          lang="ar"
          maxLength={160}
          {...field('nameAr')}
        />
      </FormSection>
      <FormSection legend={t('sections.documents')}>
        <TextInput
          label={t('fields.crNumber')}
          description={t('fields.crNumberHint')}
          required
          dir="ltr"
          inputMode="numeric"
          maxLength={20}
          {...field('crNumber')}
        />
        <TextInput label={t('fields.crExpiry')} required type="date" {...field('crExpiry')} />
        <TextInput
          label={t(`fields.licenceNumber.${kind}`)}
          required
          dir="ltr"
          maxLength={40}
          {...field('licenceNumber')}
        />
        <TextInput
          label={t(`fields.licenceExpiry.${kind}`)}
          required
          type="date"
          {...field('licenceExpiry')}
        />
        <TextInput
          label={t('fields.vatNumber')}
          description={t('fields.vatNumberHint')}
          required
          dir="ltr"
          inputMode="numeric"
          maxLength={24}
          {...field('vatNumber')}
        />
      </FormSection>
      <FormSection
        legend={t('sections.place')}
        footer={
          <TextInput mt="sm" label={t('fields.address')} required maxLength={300} {...field('address')} />
        }
      >
        <Select
          id={centerFieldId(idPrefix, 'region')}
          label={t('fields.region')}
          placeholder={t('form.choose')}
          required
          searchable
          data={REGIONS.map((item) => ({ value: item.code, label: item[language] }))}
          value={values.region || null}
          onChange={(value) => {
            setField('region', value ?? '');
            setField('city', '');
          }}
          error={errorOf('region')}
        />
        <Select
          id={centerFieldId(idPrefix, 'city')}
          label={t('fields.city')}
          placeholder={t('form.choose')}
          description={region ? undefined : t('fields.cityFirst')}
          required
          searchable
          disabled={!region}
          data={(region?.cities ?? []).map((city) => ({ value: city.id, label: city[language] }))}
          value={values.city || null}
          onChange={(value) => setField('city', value ?? '')}
          error={errorOf('city')}
        />
      </FormSection>
    </Stack>
  );
}

/** Who to talk to at the centre; the e-mail is the login, the mobile gets the codes and notices. */
export function CenterContactFields(props: CenterFieldsProps & { mobileHint?: boolean }) {
  const { t } = useTranslation('centers');
  const field = useFieldProps(props);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t('fields.contactName')} required maxLength={120} {...field('contactName')} />
      <TextInput
        label={t('fields.email')}
        description={t('fields.emailHint')}
        required
        type="email"
        dir="ltr"
        autoComplete="email"
        {...field('email')}
      />
      <TextInput
        label={t('fields.mobile')}
        description={props.mobileHint ? t('fields.mobileHint') : undefined}
        required
        type="tel"
        dir="ltr"
        autoComplete="tel"
        inputMode="tel"
        {...field('mobile')}
      />
    </SimpleGrid>
  );
}
