import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CORPORATE_ATTACHMENT_KINDS,
  CORPORATE_ATTACHMENT_RULE,
  CORPORATE_TYPES,
  type Corporate,
  type CorporateAttachment,
  findRegion,
  isMessageCode,
  REGIONS,
} from '@tasreeh/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import type { CorporateBody } from '../api.ts';
import { CorporateFileField } from './corporate-file-field.tsx';
import {
  bodyOf,
  type CorporateField,
  type CorporateFormErrors,
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

interface CorporateFormProps {
  corporate?: Corporate;
  submitting: boolean;
  cancelTo: string;
  onSubmit: (body: CorporateBody, files: ChosenFiles) => Promise<unknown>;
}

const fieldId = (name: CorporateField) => `corporate-${name}`;

function focusField(name: string) {
  document.getElementById(fieldId(formFieldOf(name) ?? (name === 'file' ? 'crCopy' : 'nameEn')))?.focus();
}

/** Add and edit a corporate (spec §3 Corporate) in sections, checked by the shared rules before it is sent. */
export function CorporateForm({ corporate, submitting, cancelTo, onSubmit }: CorporateFormProps) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const { message } = useMessages();
  const sending = useRef(false);
  const form = useForm<CorporateFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(corporate),
    validate: validateCorporate,
    validateInputOnBlur: false,
    clearInputErrorOnChange: true,
  });
  const region = findRegion(form.values.headOfficeRegion);

  const errorOf = (name: CorporateField) => {
    const code = form.errors[name];
    if (typeof code !== 'string' || !isMessageCode(code)) return undefined;
    return message(code, { max: CORPORATE_ATTACHMENT_RULE.maxMegabytes, types: FILE_TYPE_NAMES });
  };
  const field = (name: CorporateTextField) => ({
    ...form.getInputProps(name),
    id: fieldId(name),
    label: t(`form.${name}`),
    error: errorOf(name),
  });
  const latin = (name: CorporateTextField) => ({ ...field(name), dir: 'ltr' as const });
  const date = (name: CorporateTextField) => ({ ...field(name), type: 'date' });

  const submit = form.onSubmit(
    async (values) => {
      if (sending.current) return;
      sending.current = true;
      const files: ChosenFiles = {};
      if (values.crCopy) files.crCopy = values.crCopy;
      if (values.licenceCopy) files.licenceCopy = values.licenceCopy;
      try {
        await onSubmit(bodyOf(values), files);
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          const errors: CorporateFormErrors = {};
          for (const [name, code] of Object.entries(error.fields)) {
            const formField = formFieldOf(name);
            if (formField) errors[formField] = code;
          }
          form.setErrors(errors);
          const first = Object.keys(errors)[0];
          if (first) focusField(first);
        }
      } finally {
        sending.current = false;
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) focusField(first);
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.sections.names')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.sections.registration')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.sections.municipality')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...latin('subMunicipalityLicenceNumber')} />
            <TextInput {...latin('subMunicipalityCode')} />
            <TextInput {...date('subMunicipalityExpiry')} />
            <TextInput {...field('municipality')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.sections.guarantor')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput dir="rtl" lang="ar" {...field('guarantorNameAr')} />
            <TextInput inputMode="numeric" maxLength={10} {...latin('guarantorIdNumber')} />
            <TextInput {...latin('guarantorComputerNumber')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.sections.representative')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput required {...field('representativeName')} />
            <TextInput required type="email" autoComplete="off" {...latin('representativeEmail')} />
            <TextInput
              required
              type="tel"
              description={t('form.phoneHint')}
              {...latin('representativePhone')}
            />
          </SimpleGrid>
          {!corporate && (
            <Text mt="sm" size="sm" c="gray.7">
              {t('form.loginHint')}
            </Text>
          )}
        </Fieldset>
        <Fieldset legend={t('form.sections.headOffice')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
          </SimpleGrid>
          <Textarea mt="md" autosize minRows={2} maxLength={300} {...field('location')} />
        </Fieldset>
        <Fieldset legend={t('form.sections.finance')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...latin('dimensionValue')} />
            <TextInput description={t('form.ibanHint')} maxLength={34} {...latin('virtualIban')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('form.sections.files')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
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
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={submitting} disabled={submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
