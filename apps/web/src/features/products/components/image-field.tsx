import { Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { PRODUCT_IMAGE_RULE } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChoice } from '../../../components/form/file-choice.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useObjectUrl } from '../../../lib/use-object-url.ts';
import { productImageSrc } from '../catalogue-api.ts';

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
    setError(problem && message(problem, { max: PRODUCT_IMAGE_RULE.maxMegabytes, types: TYPE_NAMES }));
    onChange(problem ? null : chosen);
  };

  return (
    <FileChoice
      id="product-image"
      label={t('form.imageLabel')}
      hint={t('form.imageHint')}
      typeNames={TYPE_NAMES}
      accept={PRODUCT_IMAGE_RULE.types}
      file={file}
      onChange={choose}
      hasCurrent={currentFileId !== null}
      texts={{
        choose: t('form.chooseImage'),
        change: t('form.changeImage'),
        remove: t('form.removeChoice'),
        none: t('form.noImage'),
      }}
      error={error}
      disabled={disabled}
      icon={<IconPhoto size={18} aria-hidden />}
    >
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
    </FileChoice>
  );
}
