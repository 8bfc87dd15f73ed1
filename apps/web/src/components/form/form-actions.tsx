import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Cancel (back to `cancelTo`) and Save at the end of a form; Save is busy while sending. */
export function FormActions({
  cancelTo,
  submitting,
  saveLabel,
}: {
  cancelTo: string;
  submitting: boolean;
  saveLabel?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end">
      <Button variant="default" component={Link} to={cancelTo}>
        {t('form.cancel')}
      </Button>
      <Button type="submit" loading={submitting} disabled={submitting}>
        {saveLabel ?? t('form.save')}
      </Button>
    </Group>
  );
}
