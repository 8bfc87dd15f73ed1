import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
import {
  certificateSearchQuery,
  type InquiryKey,
  useReissueCertificate,
  useRevokeCertificate,
} from '../api.ts';
import { CertificateTable } from '../components/certificate-table.tsx';
import { InquiryForm } from '../components/inquiry-form.tsx';

/** What staff with edit_20 do to a certificate from its row, each confirmed with a reason. */
type Change = 'revoke' | 'reissue';

/**
 * Admin `health-check` (read_20): the staff side of the inquiry, full names and the PDF, no
 * challenge; a certificate the server says may be (edit_20, in force) is revoked, or reissued after
 * a name correction, from its row, with a reason.
 */
export function HealthCheckPage() {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  const { message, errorMessage } = useMessages();
  const mutations = { revoke: useRevokeCertificate(), reissue: useReissueCertificate() };
  const [changing, setChanging] = useState<{ change: Change; certificate: Certificate }>();
  const mutation = mutations[changing?.change ?? 'revoke'];
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
              query.data.items.some((item) => item.abilities.revoke || item.abilities.reissue)
                ? (certificate) => (
                    <Group gap="xs" wrap="nowrap">
                      {certificate.abilities.reissue ? (
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={`${t('reissue.action')} ${certificate.serial}`}
                          onClick={() => setChanging({ change: 'reissue', certificate })}
                        >
                          {t('reissue.action')}
                        </Button>
                      ) : null}
                      {certificate.abilities.revoke ? (
                        <Button
                          size="xs"
                          variant="outline"
                          color="red.9"
                          aria-label={`${t('revoke.action')} ${certificate.serial}`}
                          onClick={() => setChanging({ change: 'revoke', certificate })}
                        >
                          {t('revoke.action')}
                        </Button>
                      ) : null}
                    </Group>
                  )
                : undefined
            }
          />
        </Paper>
      ) : null}
      <ReasonDialog
        opened={changing !== undefined}
        onClose={() => setChanging(undefined)}
        title={changing ? t(`${changing.change}.title`, { serial: changing.certificate.serial }) : ''}
        intro={
          changing
            ? t(`${changing.change}.intro`, {
                serial: changing.certificate.serial,
                name: nameIn(changing.certificate, language),
              })
            : ''
        }
        reasonLabel={t(`${changing?.change ?? 'revoke'}.reason`)}
        reasonHint={t(`${changing?.change ?? 'revoke'}.reasonHint`)}
        keepLabel={t(`${changing?.change ?? 'revoke'}.keep`)}
        submitLabel={t(`${changing?.change ?? 'revoke'}.submit`)}
        pending={mutation.isPending}
        check={(reason) =>
          reason.length < REVOKE_REASON_MIN ? message('REVOKE_REASON_TOO_SHORT') : undefined
        }
        onSubmit={(reason) => {
          if (!changing) return;
          mutation.mutate(
            { id: changing.certificate.id, reason },
            {
              onSuccess: (changed) => {
                setChanging(undefined);
                notifySuccess(changed.message);
              },
              onError: (failure) => notifyError(errorMessage(failure)),
            },
          );
        }}
      />
    </Stack>
  );
}
