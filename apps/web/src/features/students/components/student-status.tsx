import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';

/** Hold / UnHold (spec §4) as a badge: on hold, or active. */
export function StudentStatus({ onHold }: { onHold: boolean }) {
  const { t } = useTranslation('students');
  return (
    <StatusBadge tone={onHold ? 'negative' : 'positive'}>
      {onHold ? t('status.onHold') : t('status.active')}
    </StatusBadge>
  );
}
