import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Certificate, REVOKE_REASON_MIN } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { useCan } from '../../auth/use-can.ts';
import { certificateSearchQuery, type InquiryKey, useRevokeCertificate } from '../api.ts';
import { CertificateTable } from '../components/certificate-table.tsx';
import { InquiryForm } from '../components/inquiry-form.tsx';

/**
 * Admin `health-check` (read_20): the staff side of the inquiry, full names and the PDF, no
 * challenge; with edit_20, a certificate in force is revoked from its row, with a reason.
 */
export function HealthCheckPage() {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const canRevoke = useCan('edit_20');
  const revoke = useRevokeCertificate();
  const [revoking, setRevoking] = useState<Certificate>();
  const [key, setKey] = useState<InquiryKey>();
  const query = useQuery({ ...certificateSearchQuery(key ?? { number: '' }), enabled: key !== undefined });
  const error = query.error;
  const fieldError =
    error instanceof ApiError && error.fields && (error.fields.number ?? error.fields.idNumber)
      ? errorMessage(error)
      : undefined;

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('healthCheck.title')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('healthCheck.intro')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg" maw={560}>
        <InquiryForm busy={query.isFetching} error={fieldError} onSubmit={setKey} />
      </Paper>
      {error && !fieldError ? (
        <Alert color="red" role="alert" data-testid="health-check-error">
          {errorMessage(error)}
        </Alert>
      ) : null}
      {key && query.data ? (
        <Paper withBorder radius="md" p="sm" component="section" aria-label={t('inquiry.results')}>
          <CertificateTable
            items={query.data.items}
            showHolder
            actions={
              canRevoke
                ? (certificate) =>
                    certificate.status === 'revoked' ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        aria-label={`${t('revoke.action')} ${certificate.serial}`}
                        onClick={() => setRevoking(certificate)}
                      >
                        {t('revoke.action')}
                      </Button>
                    )
                : undefined
            }
          />
        </Paper>
      ) : null}
      <ReasonDialog
        opened={revoking !== undefined}
        onClose={() => setRevoking(undefined)}
        title={revoking ? t('revoke.title', { serial: revoking.serial }) : ''}
        intro={
          revoking ? t('revoke.intro', { serial: revoking.serial, name: nameIn(revoking, language) }) : ''
        }
        reasonLabel={t('revoke.reason')}
        reasonHint={t('revoke.reasonHint')}
        keepLabel={t('revoke.keep')}
        submitLabel={t('revoke.submit')}
        pending={revoke.isPending}
        check={(reason) =>
          reason.length < REVOKE_REASON_MIN ? message('REVOKE_REASON_TOO_SHORT') : undefined
        }
        onSubmit={(reason) => {
          if (!revoking) return;
          revoke.mutate(
            { id: revoking.id, reason },
            {
              onSuccess: (revoked) => {
                setRevoking(undefined);
                notifySuccess(revoked.message);
              },
              onError: (failure) => notifyError(errorMessage(failure)),
            },
          );
        }}
      />
    </Stack>
  );
}
