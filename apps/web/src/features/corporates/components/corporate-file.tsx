import { Anchor, Image, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storedFileQuery } from '../../../api/stored-file.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';

/**
 * A stored copy (commercial register or licence), fetched with the user's token: an image is
 * shown small and opens full size, a PDF is offered to open in a new tab.
 */
export function CorporateFile({ fileId, label }: { fileId: string; label: string }) {
  const { t } = useTranslation('corporates');
  const query = useQuery(storedFileQuery(fileId));
  const url = useObjectUrl(query.data);
  if (query.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {t('files.loadError')}
      </Text>
    );
  }
  if (!url || !query.data) return <Skeleton w={160} h={24} radius="sm" aria-label={t('files.loading')} />;
  const name = t('files.open', { name: label });
  return (
    <Anchor href={url} target="_blank" rel="noopener">
      {query.data.type.startsWith('image/') ? (
        <Image
          src={url}
          alt={name}
          w={160}
          h={110}
          fit="cover"
          radius="md"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
      ) : (
        name
      )}
    </Anchor>
  );
}
