import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { CENTER_ATTACHMENTS, type CenterAttachment } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';

/** An optional copy (CR or licence): PDF, JPEG or PNG; its type and size are checked before it is sent. */
export function CopyField({
  id,
  kind,
  file,
  onChange,
  error,
}: {
  id: string;
  kind: CenterAttachment;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('centers');
  const rule = CENTER_ATTACHMENTS[kind];
  return (
    <FileInput
      id={id}
      label={t(`fields.${kind}`)}
      description={t('fields.copyHint', { max: rule.maxMegabytes })}
      accept={rule.types.join(',')}
      value={file}
      onChange={onChange}
      clearable
      clearButtonProps={{ 'aria-label': t('register.removeFile') }}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      error={error}
      valueComponent={({ value }) => (
        <span data-user-data dir="auto">
          {Array.isArray(value) ? value.map((item) => item.name).join(', ') : value?.name}
        </span>
      )}
    />
  );
}
