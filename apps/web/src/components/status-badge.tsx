import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type StatusTone = 'positive' | 'neutral' | 'warning' | 'negative';

/** Background colours with white text at a contrast of at least 4.5:1 (WCAG AA for small bold text). */
const TONE_COLOURS: Record<StatusTone, string> = {
  positive: '#1e6b34',
  neutral: '#495057',
  warning: '#8a4b00',
  negative: '#b02a37',
};

/** A status in a list or a profile (Active, On hold, Pending…), readable by everyone. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    // Never narrower than its words: in a crowded table row a badge was cut to "موق…".
    <Badge color={TONE_COLOURS[tone]} variant="filled" tt="none" miw="max-content">
      {children}
    </Badge>
  );
}

/** Active or Inactive, in the common words. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  return (
    <StatusBadge tone={active ? 'positive' : 'neutral'}>
      {t(active ? 'statuses.active' : 'statuses.inactive')}
    </StatusBadge>
  );
}
