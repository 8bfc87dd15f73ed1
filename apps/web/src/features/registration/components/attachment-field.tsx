import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { STUDENT_ATTACHMENTS, type StudentAttachment } from '@tasreeh/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeName } from '../student-fields.ts';

export interface AttachmentFieldProps {
  id: string;
  kind: StudentAttachment;
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  /** Show a preview of a chosen image (the personal photo). */
  preview?: boolean;
  previewAlt?: string;
  /** Whether a file must be chosen; by default the attachment's own rule (the photo at registration). */
  required?: boolean;
}

function usePreviewUrl(file: File | null, enabled: boolean): string | undefined {
  const [url, setUrl] = useState<string | undefined>();
  useEffect(() => {
    if (!enabled || !file?.type.startsWith('image/')) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, enabled]);
  return url;
}

/**
 * A file to attach: a button that opens the file picker (camera or gallery on a phone), the
 * chosen file's name, and for the photo a preview. The type and size are checked by the
 * caller before anything is sent.
 */
export function AttachmentField({
  id,
  kind,
  label,
  hint,
  file,
  onChange,
  error,
  preview = false,
  previewAlt,
  required,
}: AttachmentFieldProps) {
  const { t } = useTranslation('registration');
  const rule = STUDENT_ATTACHMENTS[kind];
  const previewUrl = usePreviewUrl(file, preview);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const fileNameId = `${id}-file`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, fileNameId, error ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required={required ?? rule.required} htmlFor={id}>
        {label}
      </Input.Label>
      <Text id={hintId} size="sm" c="gray.7" mt={-4}>
        {hint}{' '}
        <span lang="en" dir="ltr">
          {rule.types.map(typeName).join(', ')}
        </span>
      </Text>
      {previewUrl && (
        <Image
          src={previewUrl}
          alt={previewAlt ?? label}
          w={120}
          h={150}
          fit="cover"
          radius="md"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
          data-testid={`${id}-preview`}
        />
      )}
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={onChange} accept={rule.types.join(',')}>
          {(props) => (
            <Button
              {...props}
              id={id}
              aria-labelledby={`${labelId} ${id}`}
              variant="default"
              leftSection={<IconPaperclip size={18} aria-hidden />}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              style={error ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
            >
              {file ? t('fields.changeFile') : t('fields.chooseFile')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onChange(null)}
            aria-label={`${t('fields.removeFile')}: ${label}`}
          >
            {t('fields.removeFile')}
          </Button>
        )}
      </Group>
      <Text
        id={fileNameId}
        size="sm"
        c={file ? undefined : 'gray.7'}
        data-user-data={file ? true : undefined}
      >
        {file ? file.name : t('fields.noFile')}
      </Text>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
