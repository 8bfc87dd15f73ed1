import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { HoldInput, isMessageCode } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useHoldMutation } from '../api.ts';

/**
 * Hold / UnHold (spec §4) behind a confirmation: the reason is required either way and kept
 * with the student and in the audit log.
 */
export function HoldModal({
  student,
  onClose,
}: {
  student: { id: number; name: string; onHold: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation('students');
  const { message, errorMessage } = useMessages();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useHoldMutation(student.id);
  const hold = !student.onHold;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const parsed = HoldInput.safeParse({ reason });
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(message(isMessageCode(code) ? code : 'ENTER_REASON'));
      return;
    }
    change.mutate(
      { hold, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onClose();
        },
        onError: (failure) => {
          const fieldCode = failure instanceof ApiError ? failure.fields?.reason : undefined;
          if (fieldCode) setError(message(fieldCode));
          else notifyError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={hold ? t('hold.holdTitle') : t('hold.unholdTitle')}
      closeButtonProps={{ 'aria-label': t('hold.cancel') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" fw={700} data-user-data>
            {student.name}
          </Text>
          <Text size="sm">{t(hold ? 'hold.holdBody' : 'hold.unholdBody')}</Text>
          <Textarea
            label={t('hold.reason')}
            description={t('hold.reasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={500}
            autosize
            minRows={3}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t('hold.cancel')}
            </Button>
            <Button
              type="submit"
              color={hold ? 'red.8' : undefined}
              loading={change.isPending}
              disabled={change.isPending}
            >
              {hold ? t('hold.confirmHold') : t('hold.confirmUnhold')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
