import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Cancel and Save at the end of a form; Save is busy while sending. Cancel goes back to
 * `cancelTo`, or does `onCancel` (a dialog, a wizard's step back); with neither there is none.
 */
export function FormActions({
  cancelTo,
  onCancel,
  cancelLabel,
  submitting,
  saveLabel,
  canSave = true,
}: {
  cancelTo?: string;
  onCancel?: () => void;
  cancelLabel?: string;
  submitting: boolean;
  saveLabel?: string;
  /** False for a user who may only read: no Save (display only: the API decides). */
  canSave?: boolean;
}) {
  const { t } = useTranslation('common');
  const cancelText = cancelLabel ?? t('form.cancel');
  return (
    <Group justify="flex-end">
      {cancelTo !== undefined ? (
        <Button variant="default" component={Link} to={cancelTo}>
          {cancelText}
        </Button>
      ) : (
        onCancel && (
          <Button variant="default" onClick={onCancel}>
            {cancelText}
          </Button>
        )
      )}
      {canSave && (
        <Button type="submit" loading={submitting} disabled={submitting}>
          {saveLabel ?? t('form.save')}
        </Button>
      )}
    </Group>
  );
}
