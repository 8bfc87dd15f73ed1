import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Certificate } from '@tasreeh/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.ts';
import { formatNumber, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { downloadCertificate } from '../api.ts';
import { day } from './certificate-fields.tsx';
import { CertificateStatusBadge } from './certificate-status.tsx';

function DownloadButton({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={`${t('download')} ${certificate.serial}`}
      onClick={() => {
        setBusy(true);
        downloadCertificate(certificate.id, certificate.serial)
          .catch(() => notifyError(t('downloadFailed')))
          .finally(() => setBusy(false));
      }}
    >
      {t('download')}
    </Button>
  );
}

/**
 * Why a certificate is not in force, or what it replaced: a reissue names the other certificate
 * (its stored reason, "reissued", is not text for the reader); a revoke shows the staff's reason.
 */
function ReissueOrReason({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation('certificates');
  const links = [
    certificate.reissuedAs ? { label: t('reissuedAs'), serial: certificate.reissuedAs.serial } : null,
    certificate.reissueOf ? { label: t('reissueOf'), serial: certificate.reissueOf.serial } : null,
  ].filter((link) => link !== null);
  if (links.length > 0) {
    return (
      <Stack gap={0} data-testid={`reissue-${certificate.id}`}>
        {links.map((link) => (
          <Text size="sm" key={link.label}>
            {link.label}{' '}
            <span dir="ltr" data-user-data>
              {link.serial}
            </span>
          </Text>
        ))}
      </Stack>
    );
  }
  if (!certificate.revokedReason) return null;
  return (
    <Text size="sm" data-user-data data-testid={`revoked-reason-${certificate.id}`}>
      {t('revokedReason', { reason: certificate.revokedReason })}
    </Text>
  );
}

/**
 * Certificates in a table with their status (and a revoked one's reason) and a PDF download;
 * `showHolder` adds the name and ID; `actions` adds buttons of the page's own to a row.
 */
export function CertificateTable({
  items,
  showHolder,
  actions,
}: {
  items: Certificate[];
  showHolder: boolean;
  actions?: (certificate: Certificate) => ReactNode;
}) {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  return (
    <Table.ScrollContainer minWidth={(showHolder ? 860 : 640) + (actions ? 200 : 0)}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.serial')}</Table.Th>
            {showHolder ? <Table.Th>{t('fields.name')}</Table.Th> : null}
            {showHolder ? <Table.Th>{t('fields.idNumber')}</Table.Th> : null}
            <Table.Th>{t('fields.course')}</Table.Th>
            <Table.Th>{t('fields.score')}</Table.Th>
            <Table.Th>{t('fields.issuedOn')}</Table.Th>
            <Table.Th>{t('fields.validUntil')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((certificate) => (
            <Table.Tr key={certificate.id}>
              <Table.Td dir="ltr" data-user-data style={{ whiteSpace: 'nowrap' }}>
                {certificate.serial}
              </Table.Td>
              {showHolder ? <Table.Td data-user-data>{nameIn(certificate, language)}</Table.Td> : null}
              {showHolder ? (
                <Table.Td dir="ltr" data-user-data>
                  {certificate.idNumber}
                </Table.Td>
              ) : null}
              <Table.Td>
                {nameIn({ nameEn: certificate.courseEn, nameAr: certificate.courseAr }, language)}
              </Table.Td>
              <Table.Td>{formatNumber(Number(certificate.score), language)}</Table.Td>
              <Table.Td>{day(certificate.issuedOn, language)}</Table.Td>
              <Table.Td>{day(certificate.validUntil, language)}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <CertificateStatusBadge status={certificate.status} />
                  <ReissueOrReason certificate={certificate} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <DownloadButton certificate={certificate} />
                  {actions?.(certificate)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
