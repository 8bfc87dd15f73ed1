import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a file choice says, in the current language. */
export interface FileChoiceTexts {
  choose: string;
  /** The button's words once a file is chosen or stored ("Change image", "Replace"). */
  change: string;
  remove: string;
  /** Under the buttons while no file is chosen ("No image chosen", "The current image is kept"). */
  none: string;
  /** What the remove button is called for screen readers, when its words alone do not say which file. */
  removeLabel?: string;
}

/**
 * A file to send with a form: its label, the rule (`hint`, then the type names as they are
 * written), whatever the caller shows of it (`children`: a preview, the stored file), a button
 * that opens the file picker, one that drops the choice, the chosen file's name and its error.
 * The type and size are checked by the caller before anything is sent.
 */
export function FileChoice({
  id,
  label,
  hint,
  typeNames,
  accept,
  file,
  onChange,
  texts,
  hasCurrent = false,
  error,
  required,
  disabled,
  icon = <IconPaperclip size={18} aria-hidden />,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  typeNames: string;
  accept: readonly string[];
  file: File | null;
  onChange: (file: File | null) => void;
  texts: FileChoiceTexts;
  /** A file is stored already: the button offers to change it. */
  hasCurrent?: boolean;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const labelId = `${id}-label`;
  const describedBy = [`${id}-hint`, `${id}-file`, error ? `${id}-error` : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label id={labelId} required={required} htmlFor={id}>
        {label}
      </Input.Label>
      <Text id={`${id}-hint`} size="sm" c="gray.7" mt={-4}>
        {hint}{' '}
        <span lang="en" dir="ltr">
          {typeNames}
        </span>
      </Text>
      {children}
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={onChange} accept={accept.join(',')} disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              id={id}
              aria-labelledby={`${labelId} ${id}`}
              variant="default"
              disabled={disabled}
              leftSection={icon}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              style={error ? { borderColor: 'var(--mantine-color-red-8)' } : undefined}
            >
              {file || hasCurrent ? texts.change : texts.choose}
            </Button>
          )}
        </FileButton>
        {file && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => onChange(null)}
            aria-label={texts.removeLabel}
          >
            {texts.remove}
          </Button>
        )}
      </Group>
      <Text
        id={`${id}-file`}
        size="sm"
        c={file ? undefined : 'gray.7'}
        data-user-data={file ? true : undefined}
      >
        {file ? file.name : texts.none}
      </Text>
      {error && (
        <Input.Error id={`${id}-error`} role="alert">
          {error}
        </Input.Error>
      )}
    </Stack>
  );
}
