import type { CertificateStatus } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.tsx';

const TONES: Record<CertificateStatus, StatusTone> = {
  valid: 'positive',
  expired: 'warning',
  revoked: 'negative',
};

/** A certificate's status: valid, expired or revoked. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { t } = useTranslation('certificates');
  return <StatusBadge tone={TONES[status]}>{t(`status.${status}`)}</StatusBadge>;
}
