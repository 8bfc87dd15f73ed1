import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Hold / UnHold (spec §4) as a badge: on hold, or active. */
export function StudentStatus({ onHold }: { onHold: boolean }) {
  const { t } = useTranslation('students');
  return (
    <Badge color={onHold ? 'red.8' : 'green.9'} variant="filled">
      {onHold ? t('status.onHold') : t('status.active')}
    </Badge>
  );
}
