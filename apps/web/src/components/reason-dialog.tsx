import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useMessages } from '../i18n/use-messages.ts';

export interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What saying no does, shown above the reason. */
  intro: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  /** The button that closes the dialog and changes nothing. */
  keepLabel: string;
  submitLabel: string;
  pending: boolean;
  /** Sends the reason, trimmed; the dialog has asked for one first. */
  onSubmit: (reason: string) => void;
  /** A further check of the trimmed reason (a shortest length…): its message, or undefined when it passes. */
  check?: (reason: string) => string | undefined;
}

/**
 * A refusal that needs a reason (a registration, a wire transfer…): the dialog is its
 * confirmation, and it asks for the reason ("enter a reason") before anything is sent.
 */
export function ReasonDialog({ opened, onClose, title, keepLabel, ...form }: ReasonDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': keepLabel }}
    >
      {/* Mounted only while open: each opening starts with an empty reason. */}
      <ReasonForm {...form} keepLabel={keepLabel} onClose={onClose} />
    </Modal>
  );
}

function ReasonForm({
  intro,
  reasonLabel,
  reasonHint,
  keepLabel,
  submitLabel,
  pending,
  onSubmit,
  check,
  onClose,
}: Omit<ReasonDialogProps, 'opened' | 'title'>) {
  const { message } = useMessages();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = reason.trim() ? check?.(reason.trim()) : message('ENTER_REASON');
    if (problem) {
      setError(problem);
      document.getElementById(id)?.focus();
      return;
    }
    onSubmit(reason.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <Textarea
          id={id}
          label={reasonLabel}
          description={reasonHint}
          required
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {keepLabel}
          </Button>
          <Button type="submit" color="red.9" loading={pending} disabled={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
