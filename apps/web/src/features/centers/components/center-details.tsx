import { Anchor, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Center } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.ts';
import { formatDate, formatHijriDate } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { openStoredFile } from '../api.ts';
import { CenterStatusBadge, dateOf, placeOf } from './center-labels.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0}>
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

/** A centre's details, contact, review and copies (profile and the centre's own dashboard). */
export function CenterDetails({ center }: { center: Center }) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const date = (value: Date) => (
    <>
      {formatDate(value, language)}
      <Text span display="block" size="sm" c="gray.7" fw={400}>
        {formatHijriDate(value, language)}
      </Text>
    </>
  );
  const user = (value: string, dir?: 'ltr') => (
    <bdi data-user-data dir={dir}>
      {value}
    </bdi>
  );
  const copy = (fileId: string | null) =>
    fileId ? (
      <Anchor
        component="button"
        type="button"
        fw={600}
        onClick={() => openStoredFile(fileId).catch((error: unknown) => notifyError(errorMessage(error)))}
      >
        {t('profile.view')}
      </Anchor>
    ) : (
      <Text span c="gray.7" fw={400}>
        {t('profile.notAttached')}
      </Text>
    );

  return (
    <>
      <Section title={t('profile.details')}>
        <Detail label={t('profile.status')}>
          <CenterStatusBadge status={center.status} />
        </Detail>
        <Detail label={t('fields.crNumber')}>{user(center.crNumber)}</Detail>
        <Detail label={t('fields.crExpiry')}>{date(dateOf(center.crExpiry))}</Detail>
        <Detail label={t(`fields.licenceNumber.${center.kind}`)}>{user(center.licenceNumber)}</Detail>
        <Detail label={t(`fields.licenceExpiry.${center.kind}`)}>{date(dateOf(center.licenceExpiry))}</Detail>
        <Detail label={t('fields.vatNumber')}>{user(center.vatNumber)}</Detail>
        <Detail label={t('sections.place')}>{placeOf(center, language)}</Detail>
        <Detail label={t('fields.address')}>{user(center.address)}</Detail>
        <Detail label={t('profile.submitted')}>{date(center.createdAt)}</Detail>
      </Section>
      <Section title={t('profile.contact')}>
        <Detail label={t('fields.contactName')}>{user(center.contactName)}</Detail>
        <Detail label={t('fields.email')}>{user(center.email, 'ltr')}</Detail>
        <Detail label={t('fields.mobile')}>{user(center.mobile, 'ltr')}</Detail>
      </Section>
      {center.reviewedAt && (
        <Section title={t('profile.review')}>
          <Detail label={t('profile.reviewedAt')}>{date(center.reviewedAt)}</Detail>
          {center.reviewedBy && (
            <Detail label={t('profile.reviewedBy')}>
              {user(language === 'ar' ? center.reviewedBy.nameAr : center.reviewedBy.nameEn)}
            </Detail>
          )}
          {center.rejectionReason && (
            <Detail label={t('profile.reason')}>{user(center.rejectionReason)}</Detail>
          )}
        </Section>
      )}
      <Section title={t('sections.copies')}>
        <Detail label={t('fields.crCopy')}>{copy(center.crCopyFileId)}</Detail>
        <Detail label={t('fields.licenceCopy')}>{copy(center.licenceCopyFileId)}</Detail>
      </Section>
    </>
  );
}
