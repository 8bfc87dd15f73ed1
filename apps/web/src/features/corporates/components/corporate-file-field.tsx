import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { CORPORATE_ATTACHMENT_RULE } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { CorporateFile } from './corporate-file.tsx';
import { FILE_TYPE_NAMES } from './corporate-form-model.ts';

interface CorporateFileFieldProps {
  id: string;
  label: string;
  /** The copy stored now, if any. */
  storedFileId: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/**
 * An optional copy: the one stored now (to open), a button that picks a file to add or to
 * replace it with, the chosen file's name and its problem if it has one.
 */
export function CorporateFileField({
  id,
  label,
  storedFileId,
  file,
  onChange,
  error,
}: CorporateFileFieldProps) {
  const { t } = useTranslation('corporates');
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const fileNameId = `${id}-file`;
  const errorId = `${id}-error`;
  const describedBy = [hintId, fileNameId, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} htmlFor={id}>
        {label}
      </Input.Label>
      <Text id={hintId} size="sm" c="gray.7" mt={-4}>
        {t('files.hint', { max: CORPORATE_ATTACHMENT_RULE.maxMegabytes })}{' '}
        <span lang="en" dir="ltr">
          {FILE_TYPE_NAMES}
        </span>
      </Text>
      {storedFileId && (
        <Group gap="xs">
          <Text size="sm">{t('files.current')}</Text>
          <CorporateFile fileId={storedFileId} label={label} />
        </Group>
      )}
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={onChange} accept={CORPORATE_ATTACHMENT_RULE.types.join(',')}>
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
              {file || storedFileId ? t('files.replace') : t('files.choose')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            variant="subtle"
            color="gray.8"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onChange(null)}
            aria-label={t('files.removeChosen', { name: label })}
          >
            {t('files.remove')}
          </Button>
        )}
      </Group>
      <Text
        id={fileNameId}
        size="sm"
        c={file ? undefined : 'gray.7'}
        data-user-data={file ? true : undefined}
      >
        {file ? file.name : t('files.noneChosen')}
      </Text>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
