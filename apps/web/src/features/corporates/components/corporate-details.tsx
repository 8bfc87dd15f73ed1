import { Card, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Corporate } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatHijriDate, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { cityName, dateOf, regionName } from '../../branches/components/branch-labels.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** Every stored field of a corporate (spec §3), in the sections the form has, and its student count. */
export function CorporateDetails({ corporate }: { corporate: Corporate }) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const none = (
    <Text span c="gray.7" fw={400}>
      {t('profile.none')}
    </Text>
  );
  const text = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : none);
  const latin = (value: string | null) =>
    value ? (
      <bdi data-user-data dir="ltr">
        {value}
      </bdi>
    ) : (
      none
    );
  const date = (iso: string | null) =>
    iso ? (
      <>
        {formatDate(dateOf(iso), language)}
        <Text span display="block" size="sm" c="gray.7" fw={400}>
          {formatHijriDate(dateOf(iso), language)}
        </Text>
      </>
    ) : (
      none
    );
  const f = (name: string) => t(`form.${name}`);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('profile.students')}
          </Text>
          <Text fw={700} size="xl" data-testid="corporate-students">
            {formatNumber(corporate.studentCount, language)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('profile.added')}
          </Text>
          <Text fw={700} size="lg">
            {formatDate(new Date(corporate.createdAt), language)}
          </Text>
        </Card>
      </SimpleGrid>
      <Section title={t('form.sections.registration')}>
        <Detail label={f('crNumber')}>
          <span data-testid="corporate-cr">{latin(corporate.crNumber)}</span>
        </Detail>
        <Detail label={f('crExpiry')}>{date(corporate.crExpiry)}</Detail>
        <Detail label={f('type')}>{corporate.type ? t(`types.${corporate.type}`) : none}</Detail>
        <Detail label={f('activityLicenceNumber')}>{latin(corporate.activityLicenceNumber)}</Detail>
        <Detail label={f('activityLicenceExpiry')}>{date(corporate.activityLicenceExpiry)}</Detail>
        <Detail label={f('vatNumber')}>{latin(corporate.vatNumber)}</Detail>
        <Detail label={f('category')}>{text(corporate.category)}</Detail>
      </Section>
      <Section title={t('form.sections.municipality')}>
        <Detail label={f('subMunicipalityLicenceNumber')}>
          {latin(corporate.subMunicipalityLicenceNumber)}
        </Detail>
        <Detail label={f('subMunicipalityCode')}>{latin(corporate.subMunicipalityCode)}</Detail>
        <Detail label={f('subMunicipalityExpiry')}>{date(corporate.subMunicipalityExpiry)}</Detail>
        <Detail label={f('municipality')}>{text(corporate.municipality)}</Detail>
      </Section>
      <Section title={t('form.sections.representative')}>
        <Detail label={f('representativeName')}>{text(corporate.representativeName)}</Detail>
        <Detail label={f('representativeEmail')}>{latin(corporate.representativeEmail)}</Detail>
        <Detail label={f('representativePhone')}>{latin(corporate.representativePhone)}</Detail>
      </Section>
      <Section title={t('form.sections.guarantor')}>
        <Detail label={f('guarantorNameAr')}>{text(corporate.guarantorNameAr)}</Detail>
        <Detail label={f('guarantorIdNumber')}>{latin(corporate.guarantorIdNumber)}</Detail>
        <Detail label={f('guarantorComputerNumber')}>{latin(corporate.guarantorComputerNumber)}</Detail>
      </Section>
      <Section title={t('form.sections.headOffice')}>
        <Detail label={f('headOfficeRegion')}>{regionName(corporate.headOfficeRegion, language)}</Detail>
        <Detail label={f('headOfficeCity')}>
          {cityName(corporate.headOfficeRegion, corporate.headOfficeCity, language)}
        </Detail>
        <Detail label={f('headOfficePhone')}>{latin(corporate.headOfficePhone)}</Detail>
        <Detail label={f('location')}>{text(corporate.location)}</Detail>
        <Detail label={f('dimensionValue')}>{latin(corporate.dimensionValue)}</Detail>
        <Detail label={f('virtualIban')}>{latin(corporate.virtualIban)}</Detail>
      </Section>
    </>
  );
}
