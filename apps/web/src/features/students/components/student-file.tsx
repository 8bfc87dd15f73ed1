import { Anchor, Image, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { studentFileQuery } from '../api.ts';

/**
 * A student's stored photo or ID copy, fetched with the user's token (`/api/files` logs who
 * looked): an image is shown, a PDF is offered to open.
 */
export function StudentFile({ fileId, alt, openLabel }: { fileId: string; alt: string; openLabel: string }) {
  const { t } = useTranslation('students');
  const query = useQuery(studentFileQuery(fileId));
  const url = useObjectUrl(query.data);
  if (query.isError) {
    return (
      <Text size="sm" c="red.8">
        {t('profile.fileError')}
      </Text>
    );
  }
  if (!url || !query.data) return <Skeleton w={120} h={150} radius="md" />;
  if (query.data.type.startsWith('image/')) {
    return (
      <Image
        src={url}
        alt={alt}
        w={120}
        h={150}
        fit="cover"
        radius="md"
        style={{ border: '1px solid var(--mantine-color-gray-4)' }}
      />
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener">
      {openLabel}
    </Anchor>
  );
}
