import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { PRODUCT_IMAGE_RULE } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { productImageSrc } from '../api.ts';

const TYPE_NAMES = 'JPEG, PNG, WEBP';

/** The message code of a chosen file the server would refuse, checked before it is sent. */
export function imageProblemOf(file: File): 'FILE_TOO_LARGE' | 'FILE_TYPE_NOT_ALLOWED' | undefined {
  if (!(PRODUCT_IMAGE_RULE.types as readonly string[]).includes(file.type)) return 'FILE_TYPE_NOT_ALLOWED';
  if (file.size > PRODUCT_IMAGE_RULE.maxMegabytes * 1024 * 1024) return 'FILE_TOO_LARGE';
  return undefined;
}

/** The product image: the stored one, a new one to send with the form, and why a file is refused. */
export function ImageField({
  currentFileId,
  file,
  onChange,
  disabled,
}: {
  currentFileId: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('products');
  const { message } = useMessages();
  const [error, setError] = useState<string | undefined>();
  const previewUrl = useObjectUrl(file);
  const shown = previewUrl ?? (currentFileId ? productImageSrc(currentFileId) : undefined);

  const choose = (chosen: File | null) => {
    const problem = chosen ? imageProblemOf(chosen) : undefined;
    if (problem) {
      setError(message(problem, { max: PRODUCT_IMAGE_RULE.maxMegabytes, types: TYPE_NAMES }));
      onChange(null);
      return;
    }
    setError(undefined);
    onChange(chosen);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby="product-image-label">
      <Input.Label id="product-image-label" htmlFor="product-image">
        {t('form.imageLabel')}
      </Input.Label>
      <Text id="product-image-hint" size="sm" c="gray.7" mt={-4}>
        {t('form.imageHint')}{' '}
        <span lang="en" dir="ltr">
          {TYPE_NAMES}
        </span>
      </Text>
      {shown && (
        <Image
          src={shown}
          alt={t('form.currentImage')}
          w={160}
          h={160}
          fit="contain"
          radius="md"
          bg="gray.0"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
          data-testid="product-image-preview"
        />
      )}
      <Group gap="xs">
        <FileButton onChange={choose} accept={PRODUCT_IMAGE_RULE.types.join(',')} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              id="product-image"
              variant="default"
              disabled={disabled}
              leftSection={<IconPhoto size={18} aria-hidden />}
              aria-describedby={`product-image-hint product-image-file${error ? ' product-image-error' : ''}`}
              aria-invalid={error ? true : undefined}
            >
              {file || currentFileId ? t('form.changeImage') : t('form.chooseImage')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onChange(null)}
          >
            {t('form.removeChoice')}
          </Button>
        )}
      </Group>
      <Text
        id="product-image-file"
        size="sm"
        c={file ? undefined : 'gray.7'}
        data-user-data={file ? true : undefined}
      >
        {file ? file.name : t('form.noImage')}
      </Text>
      {error && (
        <Input.Error id="product-image-error" role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
