import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { certificateSearchQuery, type InquiryKey } from '../api.ts';
import { CertificateTable } from '../components/certificate-table.tsx';
import { InquiryForm } from '../components/inquiry-form.tsx';

/** Admin `health-check` (read_20): the staff side of the inquiry, full names and the PDF, no challenge. */
export function HealthCheckPage() {
  const { t } = useTranslation('certificates');
  const { errorMessage } = useMessages();
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
          <CertificateTable items={query.data.items} showHolder />
        </Paper>
      ) : null}
    </Stack>
  );
}
