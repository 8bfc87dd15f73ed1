import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CORPORATE_ATTACHMENT_KINDS,
  CORPORATE_ATTACHMENT_RULE,
  CORPORATE_TYPES,
  type Corporate,
  type CorporateAttachment,
  findRegion,
  REGIONS,
} from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { FormSection } from '../../../components/form/form-section.tsx';
import { useFormSubmit } from '../../../components/form/use-form-submit.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { CorporateBody } from '../api.ts';
import { CorporateFileField } from './corporate-file-field.tsx';
import {
  bodyOf,
  type CorporateField,
  type CorporateFormValues,
  type CorporateTextField,
  FILE_TYPE_NAMES,
  formFieldOf,
  validateCorporate,
  valuesOf,
} from './corporate-form-model.ts';
import { storedFileOf } from './corporate-labels.ts';

/** The copies chosen to upload once the corporate is saved. */
export type ChosenFiles = Partial<Record<CorporateAttachment, File>>;

/** What the form sends: the corporate's fields, and the copies to upload after it is saved. */
export interface CorporateSubmission {
  body: CorporateBody;
  files: ChosenFiles;
}

interface CorporateFormProps {
  corporate?: Corporate;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (submission: CorporateSubmission) => Promise<unknown>;
}

const fieldId = (name: CorporateField) => `corporate-${name}`;

function submissionOf(values: CorporateFormValues): CorporateSubmission {
  const files: ChosenFiles = {};
  for (const kind of CORPORATE_ATTACHMENT_KINDS) {
    const file = values[kind];
    if (file) files[kind] = file;
  }
  return { body: bodyOf(values), files };
}

/** Add and edit a corporate (spec §3 Corporate) in sections, checked by the shared rules before it is sent. */
export function CorporateForm({ corporate, submitting, cancelTo, onSubmit }: CorporateFormProps) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const form = useForm<CorporateFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(corporate),
    validate: validateCorporate,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const region = findRegion(form.values.headOfficeRegion);
  const {
    field: input,
    errorOf,
    submit,
  } = useFormSubmit(form, submissionOf, onSubmit, {
    fieldOf: formFieldOf,
    // Every field has its id; a copy's field is the button that picks a file.
    inputOf: (name) => document.getElementById(`corporate-${name}`),
    messageParams: { max: CORPORATE_ATTACHMENT_RULE.maxMegabytes, types: FILE_TYPE_NAMES },
  });
  const field = (name: CorporateTextField) => ({
    ...input(name),
    id: fieldId(name),
    label: t(`form.${name}`),
  });
  const latin = (name: CorporateTextField) => ({ ...field(name), dir: 'ltr' as const });
  const date = (name: CorporateTextField) => ({ ...field(name), type: 'date' });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection legend={t('form.sections.names')}>
          <TextInput required lang="en" {...latin('nameEn')} />
          <TextInput required dir="rtl" lang="ar" {...field('nameAr')} />
          <Select
            clearable
            data={CORPORATE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            {...field('type')}
            value={form.values.type || null}
            onChange={(value) => form.setFieldValue('type', value ?? '')}
          />
          <TextInput {...field('category')} description={t('form.categoryHint')} />
        </FormSection>
        <FormSection legend={t('form.sections.registration')}>
          <TextInput required inputMode="numeric" maxLength={10} {...latin('crNumber')} />
          <TextInput {...date('crExpiry')} />
          <TextInput {...latin('activityLicenceNumber')} />
          <TextInput {...date('activityLicenceExpiry')} />
          <TextInput
            inputMode="numeric"
            maxLength={15}
            description={t('form.vatHint')}
            {...latin('vatNumber')}
          />
        </FormSection>
        <FormSection legend={t('form.sections.municipality')}>
          <TextInput {...latin('subMunicipalityLicenceNumber')} />
          <TextInput {...latin('subMunicipalityCode')} />
          <TextInput {...date('subMunicipalityExpiry')} />
          <TextInput {...field('municipality')} />
        </FormSection>
        <FormSection legend={t('form.sections.guarantor')} cols={3}>
          <TextInput dir="rtl" lang="ar" {...field('guarantorNameAr')} />
          <TextInput inputMode="numeric" maxLength={10} {...latin('guarantorIdNumber')} />
          <TextInput {...latin('guarantorComputerNumber')} />
        </FormSection>
        <FormSection
          legend={t('form.sections.representative')}
          cols={3}
          footer={
            !corporate && (
              <Text mt="sm" size="sm" c="gray.7">
                {t('form.loginHint')}
              </Text>
            )
          }
        >
          <TextInput required {...field('representativeName')} />
          <TextInput required type="email" autoComplete="off" {...latin('representativeEmail')} />
          <TextInput
            required
            type="tel"
            description={t('form.phoneHint')}
            {...latin('representativePhone')}
          />
        </FormSection>
        <FormSection
          legend={t('form.sections.headOffice')}
          cols={3}
          footer={<Textarea mt="md" autosize minRows={2} maxLength={300} {...field('location')} />}
        >
          <Select
            required
            searchable
            data={REGIONS.map((item) => ({ value: item.code, label: item[language] }))}
            {...field('headOfficeRegion')}
            onChange={(value) => {
              form.setFieldValue('headOfficeRegion', value ?? '');
              form.setFieldValue('headOfficeCity', '');
            }}
          />
          <Select
            required
            searchable
            description={region ? undefined : t('form.cityHint')}
            data={(region?.cities ?? []).map((city) => ({ value: city.id, label: city[language] }))}
            disabled={!region}
            {...field('headOfficeCity')}
          />
          <TextInput type="tel" {...latin('headOfficePhone')} />
        </FormSection>
        <FormSection legend={t('form.sections.finance')}>
          <TextInput {...latin('dimensionValue')} />
          <TextInput description={t('form.ibanHint')} maxLength={34} {...latin('virtualIban')} />
        </FormSection>
        <FormSection legend={t('form.sections.files')}>
          {CORPORATE_ATTACHMENT_KINDS.map((kind) => (
            <CorporateFileField
              key={kind}
              id={fieldId(kind)}
              label={t(`files.${kind}`)}
              storedFileId={storedFileOf(corporate, kind)}
              file={form.values[kind]}
              onChange={(file) => {
                form.setFieldValue(kind, file);
                form.clearFieldError(kind);
              }}
              error={errorOf(kind)}
            />
          ))}
        </FormSection>
        <FormActions cancelTo={cancelTo} submitting={submitting} />
      </Stack>
    </form>
  );
}
