import { Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { certificatePhotoQuery } from '../api.ts';

/**
 * The holder's photo a certificate in force kept at its issue, asked for with the signed code once
 * the online check has said "valid" (the centre shows it for nothing else): an inspector compares
 * it with the person in front of them. Says so when the certificate has none; a failed call shows
 * nothing, the check above already says what is known.
 */
export function HolderPhoto({ code }: { code: string }) {
  const { t } = useTranslation('certificates');
  const query = useQuery(certificatePhotoQuery(code));
  const url = useObjectUrl(query.data);
  if (url) {
    return (
      <Image
        src={url}
        alt={t('verify.photo')}
        w={136}
        h={168}
        fit="contain"
        radius="sm"
        bd="1px solid var(--mantine-color-gray-4)"
        data-testid="verify-photo"
      />
    );
  }
  if (query.error instanceof ApiError && query.error.code === 'CERTIFICATE_NO_PHOTO') {
    return (
      <Text size="sm" c="gray.7" data-testid="verify-no-photo">
        {t('verify.noPhoto')}
      </Text>
    );
  }
  return null;
}
