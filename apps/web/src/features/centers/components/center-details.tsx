import { Anchor } from '@mantine/core';
import type { Center } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { BothCalendars, Detail, DetailSection, NotSet } from '../../../components/details.tsx';
import { notifyError } from '../../../components/notify.ts';
import { dateOf, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { openStoredFile } from '../api.ts';
import { CenterStatusBadge, placeOf } from './center-labels.tsx';

/** A centre's details, contact, review and copies (profile and the centre's own dashboard). */
export function CenterDetails({ center }: { center: Center }) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const date = (value: Date) => <BothCalendars date={value} />;
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
      <NotSet>{t('profile.notAttached')}</NotSet>
    );

  return (
    <>
      <DetailSection title={t('profile.details')}>
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
      </DetailSection>
      <DetailSection title={t('profile.contact')}>
        <Detail label={t('fields.contactName')}>{user(center.contactName)}</Detail>
        <Detail label={t('fields.email')}>{user(center.email, 'ltr')}</Detail>
        <Detail label={t('fields.mobile')}>{user(center.mobile, 'ltr')}</Detail>
      </DetailSection>
      {center.reviewedAt && (
        <DetailSection title={t('profile.review')}>
          <Detail label={t('profile.reviewedAt')}>{date(center.reviewedAt)}</Detail>
          {center.reviewedBy && (
            <Detail label={t('profile.reviewedBy')}>{user(nameIn(center.reviewedBy, language))}</Detail>
          )}
          {center.rejectionReason && (
            <Detail label={t('profile.reason')}>{user(center.rejectionReason)}</Detail>
          )}
        </DetailSection>
      )}
      <DetailSection title={t('sections.copies')}>
        <Detail label={t('fields.crCopy')}>{copy(center.crCopyFileId)}</Detail>
        <Detail label={t('fields.licenceCopy')}>{copy(center.licenceCopyFileId)}</Detail>
      </DetailSection>
    </>
  );
}
