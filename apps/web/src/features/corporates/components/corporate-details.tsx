import { SimpleGrid } from '@mantine/core';
import type { Corporate } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { BothCalendars, Detail, DetailSection, NotSet, StatCard } from '../../../components/details.tsx';
import { dateOf, formatDate, formatNumber } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { cityName, regionName } from '../../branches/components/branch-labels.ts';

/** Every stored field of a corporate (spec §3), in the sections the form has, and its student count. */
export function CorporateDetails({ corporate }: { corporate: Corporate }) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const none = <NotSet />;
  const text = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : none);
  const latin = (value: string | null) =>
    value ? (
      <bdi data-user-data dir="ltr">
        {value}
      </bdi>
    ) : (
      none
    );
  const date = (iso: string | null) => <BothCalendars date={iso ? dateOf(iso) : undefined} />;
  const f = (name: string) => t(`form.${name}`);

  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <StatCard label={t('profile.students')} testId="corporate-students">
          {formatNumber(corporate.studentCount, language)}
        </StatCard>
        <StatCard label={t('profile.added')}>{formatDate(new Date(corporate.createdAt), language)}</StatCard>
      </SimpleGrid>
      <DetailSection title={t('form.sections.registration')}>
        <Detail label={f('crNumber')}>
          <span data-testid="corporate-cr">{latin(corporate.crNumber)}</span>
        </Detail>
        <Detail label={f('crExpiry')}>{date(corporate.crExpiry)}</Detail>
        <Detail label={f('type')}>{corporate.type ? t(`types.${corporate.type}`) : none}</Detail>
        <Detail label={f('activityLicenceNumber')}>{latin(corporate.activityLicenceNumber)}</Detail>
        <Detail label={f('activityLicenceExpiry')}>{date(corporate.activityLicenceExpiry)}</Detail>
        <Detail label={f('vatNumber')}>{latin(corporate.vatNumber)}</Detail>
        <Detail label={f('category')}>{text(corporate.category)}</Detail>
      </DetailSection>
      <DetailSection title={t('form.sections.municipality')}>
        <Detail label={f('subMunicipalityLicenceNumber')}>
          {latin(corporate.subMunicipalityLicenceNumber)}
        </Detail>
        <Detail label={f('subMunicipalityCode')}>{latin(corporate.subMunicipalityCode)}</Detail>
        <Detail label={f('subMunicipalityExpiry')}>{date(corporate.subMunicipalityExpiry)}</Detail>
        <Detail label={f('municipality')}>{text(corporate.municipality)}</Detail>
      </DetailSection>
      <DetailSection title={t('form.sections.representative')}>
        <Detail label={f('representativeName')}>{text(corporate.representativeName)}</Detail>
        <Detail label={f('representativeEmail')}>{latin(corporate.representativeEmail)}</Detail>
        <Detail label={f('representativePhone')}>{latin(corporate.representativePhone)}</Detail>
      </DetailSection>
      <DetailSection title={t('form.sections.guarantor')}>
        <Detail label={f('guarantorNameAr')}>{text(corporate.guarantorNameAr)}</Detail>
        <Detail label={f('guarantorIdNumber')}>{latin(corporate.guarantorIdNumber)}</Detail>
        <Detail label={f('guarantorComputerNumber')}>{latin(corporate.guarantorComputerNumber)}</Detail>
      </DetailSection>
      <DetailSection title={t('form.sections.headOffice')}>
        <Detail label={f('headOfficeRegion')}>{regionName(corporate.headOfficeRegion, language)}</Detail>
        <Detail label={f('headOfficeCity')}>
          {cityName(corporate.headOfficeRegion, corporate.headOfficeCity, language)}
        </Detail>
        <Detail label={f('headOfficePhone')}>{latin(corporate.headOfficePhone)}</Detail>
        <Detail label={f('location')}>{text(corporate.location)}</Detail>
        <Detail label={f('dimensionValue')}>{latin(corporate.dimensionValue)}</Detail>
        <Detail label={f('virtualIban')}>{latin(corporate.virtualIban)}</Detail>
      </DetailSection>
    </>
  );
}
