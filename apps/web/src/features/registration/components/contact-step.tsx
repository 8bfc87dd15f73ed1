import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicBranch } from '@tasreeh/shared';
import { findRegion, normalizeDigits, REGIONS } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { publicBranchesQuery } from '../api.ts';
import { fieldId, type StudentStepProps } from './step-props.ts';

/** Branches to choose from, when not the public list (the back office places only within its reach). */
export interface BranchChoices {
  data: PublicBranch[] | undefined;
  isError: boolean;
}

/** Step 3: the mobile that gets the code, e-mail, region and city, and the branch to train at. */
export function ContactStep({
  values,
  setField,
  errorOf,
  branchChoices,
}: StudentStepProps & { branchChoices?: BranchChoices }) {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const { message } = useMessages();
  const publicBranches = useQuery({ ...publicBranchesQuery, enabled: !branchChoices });
  const branches = branchChoices ?? publicBranches;
  const region = findRegion(values.region);
  const choose = { value: '', label: t('choose') };

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          id={fieldId('mobile')}
          label={t('fields.mobile')}
          description={t('fields.mobileHint')}
          placeholder="05XXXXXXXX"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          maxLength={16}
          value={values.mobile}
          onChange={(event) => setField('mobile', normalizeDigits(event.currentTarget.value))}
          error={errorOf('mobile')}
          required
        />
        <TextInput
          id={fieldId('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errorOf('email')}
          required
        />
        <NativeSelect
          id={fieldId('region')}
          label={t('fields.region')}
          value={values.region}
          onChange={(event) => {
            setField('region', event.currentTarget.value);
            setField('city', '');
          }}
          error={errorOf('region')}
          data={[choose, ...REGIONS.map((item) => ({ value: item.code, label: item[language] }))]}
          required
        />
        <NativeSelect
          id={fieldId('city')}
          label={t('fields.city')}
          description={region ? undefined : t('fields.cityFirst')}
          value={values.city}
          onChange={(event) => setField('city', event.currentTarget.value)}
          error={errorOf('city')}
          data={[
            choose,
            ...(region?.cities ?? []).map((city) => ({ value: city.id, label: city[language] })),
          ]}
          disabled={!region}
          required
        />
      </SimpleGrid>
      <NativeSelect
        id={fieldId('branchId')}
        label={t('fields.branchId')}
        value={values.branchId}
        onChange={(event) => setField('branchId', event.currentTarget.value)}
        error={errorOf('branchId') ?? (branches.isError ? message('ERROR_FETCHING_DATA') : undefined)}
        data={[
          choose,
          ...(branches.data ?? []).map((branch) => ({
            value: String(branch.id),
            label: language === 'ar' ? branch.nameAr : branch.nameEn,
          })),
        ]}
        required
      />
    </Stack>
  );
}
