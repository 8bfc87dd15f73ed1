import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import type { CenterKind } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOf, formatDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { RegistrationValues } from '../form-model.ts';
import { placeOf } from './center-labels.tsx';

interface Row {
  label: string;
  value: ReactNode;
  /** Typed by the applicant (may be Latin on an Arabic page). */
  userData?: boolean;
}

/** The last step: everything at a glance, each part with a way back to change it. */
export function RegistrationReview({
  kind,
  values,
  onEdit,
  alert,
}: {
  kind: CenterKind;
  values: RegistrationValues;
  onEdit: (step: number) => void;
  alert?: string;
}) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const date = (iso: string) => (iso ? formatDate(dateOf(iso), language) : '');
  const copy = (file: File | null) =>
    file ? (
      <span data-user-data>{t('register.attached', { name: file.name })}</span>
    ) : (
      t('register.notAttached')
    );

  const sections: { step: number; title: string; rows: Row[] }[] = [
    {
      step: 0,
      title: t('register.steps.details'),
      rows: [
        { label: t('fields.nameEn'), value: values.nameEn, userData: true },
        { label: t('fields.nameAr'), value: values.nameAr, userData: true },
        { label: t('fields.crNumber'), value: values.crNumber, userData: true },
        { label: t('fields.crExpiry'), value: date(values.crExpiry) },
        { label: t(`fields.licenceNumber.${kind}`), value: values.licenceNumber, userData: true },
        { label: t(`fields.licenceExpiry.${kind}`), value: date(values.licenceExpiry) },
        { label: t('fields.vatNumber'), value: values.vatNumber, userData: true },
        { label: t('sections.place'), value: placeOf(values, language) },
        { label: t('fields.address'), value: values.address, userData: true },
        { label: t('fields.crCopy'), value: copy(values.crCopy) },
        { label: t('fields.licenceCopy'), value: copy(values.licenceCopy) },
      ],
    },
    {
      step: 1,
      title: t('register.steps.contact'),
      rows: [
        { label: t('fields.contactName'), value: values.contactName, userData: true },
        { label: t('fields.email'), value: values.email, userData: true },
        { label: t('fields.mobile'), value: values.mobile, userData: true },
      ],
    },
  ];

  return (
    <Stack gap="md">
      {alert && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {alert}
        </Alert>
      )}
      <Text size="sm" c="gray.7">
        {t('register.reviewIntro')}
      </Text>
      {sections.map((section) => (
        <section key={section.step} aria-labelledby={`center-review-${section.step}`}>
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h5" id={`center-review-${section.step}`}>
              {section.title}
            </Title>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onEdit(section.step)}
              aria-label={`${t('register.edit')}: ${section.title}`}
            >
              <Group gap={4} wrap="nowrap">
                <IconPencil size={14} aria-hidden />
                {t('register.edit')}
              </Group>
            </Anchor>
          </Group>
          <dl style={{ margin: 0, display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
            {section.rows.map((row) => (
              <div key={row.label}>
                <Text component="dt" size="sm" c="gray.7">
                  {row.label}
                </Text>
                <Text component="dd" m={0} fw={500} data-user-data={row.userData || undefined} dir="auto">
                  {row.value}
                </Text>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Stack>
  );
}
