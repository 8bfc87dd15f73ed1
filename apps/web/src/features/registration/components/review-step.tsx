import { Alert, Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { findOccupation, findRegion } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { publicBranchesQuery } from '../api.ts';
import { STEPS, type StepKey } from '../form-model.ts';
import { type DateParts, gregorianOf } from '../student-fields.ts';
import type { StepProps } from './step-props.ts';
import { useCountryOptions } from './use-countries.ts';

const REVIEWED_STEPS = STEPS.filter((step): step is Exclude<StepKey, 'review'> => step !== 'review');

interface Row {
  label: string;
  value: ReactNode;
  /** Typed by the person (may be Latin on an Arabic page). */
  userData?: boolean;
}

/** Step 5: everything at a glance, each part with a way back to change it; a duplicate is said here. */
export function ReviewStep({
  values,
  onEdit,
  alert,
}: Pick<StepProps, 'values'> & { onEdit: (step: number) => void; alert?: string }) {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const countries = useCountryOptions(language);
  const branches = useQuery(publicBranchesQuery);
  const empty = t('review.empty');
  const dateText = (date: DateParts) => {
    const iso = gregorianOf(date);
    if (!iso) return empty;
    const day = new Date(`${iso}T00:00:00Z`);
    return date.calendar === 'hijri' ? formatHijriDate(day, language) : formatDate(day, language);
  };
  /** A known occupation in the UI language (reference text); anything else as typed. */
  const occupationRow = (label: string, value: string): Row => {
    const known = findOccupation(value);
    return known ? { label, value: known[language] } : { label, value, userData: true };
  };
  const region = findRegion(values.region);
  const city = region?.cities.find((candidate) => candidate.id === values.city);
  const branch = branches.data?.find((candidate) => String(candidate.id) === values.branchId);

  const sections: Record<Exclude<StepKey, 'review'>, Row[]> = {
    personal: [
      { label: t('fields.fullNameAr'), value: values.fullNameAr, userData: true },
      { label: t('fields.fullNameEn'), value: values.fullNameEn, userData: true },
      { label: t('fields.dateOfBirth'), value: dateText(values.dateOfBirth) },
      { label: t('fields.gender'), value: values.gender ? t(`genders.${values.gender}`) : empty },
      {
        label: t('fields.nationality'),
        value: countries.find((country) => country.value === values.nationality)?.label ?? empty,
      },
      { label: t('fields.education'), value: values.education ? t(`education.${values.education}`) : empty },
    ],
    identity: [
      { label: t('fields.idType'), value: values.idType ? t(`idTypes.${values.idType}`) : empty },
      { label: t('fields.idNumber'), value: values.idNumber, userData: true },
      { label: t('fields.idExpiry'), value: dateText(values.idExpiry) },
      { label: t('fields.idIssueSource'), value: values.idIssueSource, userData: true },
      { label: t('fields.passportNumber'), value: values.passportNumber, userData: true },
      { label: t('fields.computerNumber'), value: values.computerNumber, userData: true },
      { label: t('fields.classification'), value: values.classification, userData: true },
      occupationRow(t('fields.occupation'), values.occupation),
      occupationRow(t('fields.occupationInIqama'), values.occupationInIqama),
    ],
    contact: [
      { label: t('fields.mobile'), value: values.mobile, userData: true },
      { label: t('fields.email'), value: values.email, userData: true },
      { label: t('fields.region'), value: region?.[language] ?? empty },
      { label: t('fields.city'), value: city?.[language] ?? empty },
      {
        label: t('fields.branchId'),
        value: branch ? (language === 'ar' ? branch.nameAr : branch.nameEn) : empty,
      },
    ],
    account: [
      { label: t('fields.photo'), value: values.photo ? t('review.attached') : empty },
      { label: t('fields.idCopy'), value: values.idCopy ? t('review.attached') : empty },
    ],
  };

  return (
    <Stack gap="lg">
      {alert && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          role="alert"
          data-testid="register-alert"
        >
          <Text fw={700} size="sm">
            {alert}
          </Text>
          <Text size="sm" mt={4}>
            {t('review.duplicateHint')}{' '}
            <Anchor component={Link} to="/login" fw={700} c="red.9" underline="always">
              {t('login')}
            </Anchor>
          </Text>
        </Alert>
      )}
      <Text size="sm">{t('review.intro')}</Text>
      {REVIEWED_STEPS.map((step) => (
        <Box key={step} component="section" aria-labelledby={`review-${step}`}>
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Title order={3} size="h5" id={`review-${step}`}>
              {t(`steps.${step}`)}
            </Title>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => onEdit(STEPS.indexOf(step))}
              aria-label={`${t('edit')}: ${t(`steps.${step}`)}`}
            >
              {t('edit')}
            </Button>
          </Group>
          <Box
            component="dl"
            m={0}
            style={{
              display: 'grid',
              gridTemplateColumns: 'minmax(8rem, 40%) 1fr',
              gap: '4px 12px',
              borderBlockStart: '1px solid var(--mantine-color-gray-3)',
              paddingBlockStart: 8,
            }}
          >
            {sections[step].map((row) => (
              <Box key={row.label} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="gray.7">
                  {row.label}
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  m={0}
                  fw={500}
                  style={{ overflowWrap: 'anywhere' }}
                  data-user-data={row.userData && row.value ? true : undefined}
                >
                  {row.value || empty}
                </Text>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
