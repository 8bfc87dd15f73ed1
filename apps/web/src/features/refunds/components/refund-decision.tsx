import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { RefundRequest } from '@tasreeh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { formatSar, nameInOrOther } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useDecideRefundMutation } from '../api.ts';

type Decision = 'approve' | 'reject';

/** Approve or reject a pending refund request (as its abilities allow), each confirmed in a dialog with a note (required to reject). */
export function RefundDecision({ request }: { request: RefundRequest }) {
  const { t } = useTranslation('refunds');
  const [deciding, setDeciding] = useState<Decision | null>(null);
  return (
    <Group gap="xs" wrap="nowrap">
      {request.abilities.approve && (
        <Button size="xs" onClick={() => setDeciding('approve')}>
          {t('decision.approve')}
        </Button>
      )}
      {request.abilities.reject && (
        <Button size="xs" variant="outline" color="red.9" onClick={() => setDeciding('reject')}>
          {t('decision.reject')}
        </Button>
      )}
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding === 'reject' ? t('decision.rejectTitle') : t('decision.approveTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('dialog.cancel') }}
      >
        {deciding && <DecisionForm request={request} decision={deciding} onClose={() => setDeciding(null)} />}
      </Modal>
    </Group>
  );
}

function DecisionForm({
  request,
  decision,
  onClose,
}: {
  request: RefundRequest;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation('refunds');
  const { language } = useLanguage();
  const { errorMessage } = useMessages();
  const mutation = useDecideRefundMutation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decision === 'reject' && !note.trim()) {
      setError(t('decision.noteRequired'));
      return;
    }
    mutation.mutateAsync({ id: request.id, decision, note: note.trim() || undefined }).then(
      (result) => {
        notifySuccess(result.message);
        onClose();
      },
      (failure: unknown) => notifyError(errorMessage(failure)),
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t(decision === 'reject' ? 'decision.rejectIntro' : 'decision.approveIntro', {
            amount: formatSar(request.amount, language),
          })}
        </Text>
        <Text size="sm">
          {t('list.payer')}:{' '}
          <Text span inherit data-user-data>
            {nameInOrOther({ nameEn: request.payerName, nameAr: request.payerNameAr }, language)}
          </Text>
        </Text>
        <Textarea
          label={t(decision === 'reject' ? 'decision.noteRequiredLabel' : 'decision.note')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          required={decision === 'reject'}
          autosize
          minRows={2}
          maxLength={500}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            color={decision === 'reject' ? 'red.9' : undefined}
            loading={mutation.isPending}
          >
            {t(decision === 'reject' ? 'decision.reject' : 'decision.approve')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
