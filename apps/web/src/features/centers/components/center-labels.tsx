import { type Center, type CenterStatus, findRegion, type Language } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type StatusTone } from '../../../components/status-badge.tsx';

/** Region and city of a centre in the UI language. */
export function placeOf(center: Pick<Center, 'region' | 'city'>, language: Language): string {
  const region = findRegion(center.region);
  const city = region?.cities.find((item) => item.id === center.city);
  return `${region?.[language] ?? center.region} — ${city?.[language] ?? center.city}`;
}

const TONES: Record<CenterStatus, StatusTone> = {
  pending: 'warning',
  approved: 'positive',
  rejected: 'negative',
};

/** Pending, Approved or Rejected (spec §4), in words and colour. */
export function CenterStatusBadge({ status }: { status: CenterStatus }) {
  const { t } = useTranslation('centers');
  return <StatusBadge tone={TONES[status]}>{t(`statuses.${status}`)}</StatusBadge>;
}
