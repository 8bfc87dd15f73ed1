import { Center, Image, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { productImageSrc } from '../catalogue-api.ts';

/** A product's picture, or a plain stand-in saying it has none. */
export function ProductImage({
  fileId,
  alt,
  height,
}: {
  fileId: string | null;
  alt: string;
  height: number;
}) {
  const { t } = useTranslation('products');
  if (!fileId) {
    return (
      <Center h={height} bg="gray.1">
        <Stack gap={4} align="center">
          <IconPhotoOff size={32} aria-hidden color="var(--mantine-color-gray-6)" />
          <Text size="sm" c="gray.7">
            {t('catalogue.noImage')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return <Image src={productImageSrc(fileId)} alt={alt} h={height} fit="contain" bg="gray.0" />;
}
