import { Button, Text } from '@mantine/core';
import type { PaymentStatus } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { downloadInvoice } from '../api.ts';

const STATUS_TONE = {
  paid: 'positive',
  pending: 'warning',
  failed: 'negative',
  cancelled: 'neutral',
} as const;

/** A payment's status (an advance payment's too) as a list shows it. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  return <StatusBadge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</StatusBadge>;
}

/** A payment's invoice (or receipt) to download, `label` on its button; a dash while it has none. */
export function InvoiceDownload({
  invoiceId,
  invoiceNumber,
  label,
}: {
  invoiceId: number | null;
  invoiceNumber: string | null;
  label(number: string): string;
}) {
  if (!invoiceId || !invoiceNumber) return <Text c="dimmed">—</Text>;
  return (
    <Button size="xs" variant="subtle" onClick={() => void downloadInvoice(invoiceId, invoiceNumber)}>
      {label(invoiceNumber)}
    </Button>
  );
}
