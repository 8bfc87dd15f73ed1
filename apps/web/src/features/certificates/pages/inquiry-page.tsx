import { Alert, Anchor, Card, Group, Input, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { PublicCertificate } from '@tasreeh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error.ts';
import { nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useMessages } from '../../../i18n/use-messages.ts';
import { AltchaChallenge } from '../../auth/challenge/altcha-challenge.tsx';
import { type InquiryKey, publicInquiry } from '../api.ts';
import { day, Field, FieldList } from '../components/certificate-fields.tsx';
import { CertificateStatusBadge } from '../components/certificate-status.tsx';
import { InquiryForm } from '../components/inquiry-form.tsx';
import { PublicShell } from '../components/public-shell.tsx';

function ResultCard({ certificate }: { certificate: PublicCertificate }) {
  const { t } = useTranslation('certificates');
  const { language } = useLanguage();
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={certificate.serial}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} dir="ltr" data-user-data>
            {certificate.serial}
          </Text>
          <CertificateStatusBadge status={certificate.status} />
        </Group>
        <FieldList>
          <Field label={t('fields.name')}>
            <span data-user-data>
              {language === 'ar' ? certificate.maskedNameAr : certificate.maskedNameEn}
            </span>
          </Field>
          <Field label={t('fields.idNumber')}>
            <span dir="ltr" data-user-data>
              {certificate.maskedIdNumber}
            </span>
          </Field>
          <Field label={t('fields.course')}>
            {nameIn({ nameEn: certificate.courseEn, nameAr: certificate.courseAr }, language)}
          </Field>
          <Field label={t('fields.issuedOn')}>{day(certificate.issuedOn, language)}</Field>
          <Field label={t('fields.validUntil')}>{day(certificate.validUntil, language)}</Field>
        </FieldList>
      </Stack>
    </Card>
  );
}

/** `/certificate-inquiry` (public, spec "health-certificate inquiry with captcha"): masked results only. */
export function CertificateInquiryPage() {
  const { t } = useTranslation('certificates');
  const { errorMessage } = useMessages();
  const [solution, setSolution] = useState<string>();
  // A solution is good once: each search brings a new widget.
  const [round, setRound] = useState(0);
  const inquiry = useMutation({
    mutationFn: ({ key, altcha }: { key: InquiryKey; altcha: string }) => publicInquiry(key, altcha),
    onSettled: () => {
      setSolution(undefined);
      setRound((current) => current + 1);
    },
  });
  const error = inquiry.error;
  const fieldError =
    error instanceof ApiError && error.fields && (error.fields.number ?? error.fields.idNumber)
      ? errorMessage(error)
      : undefined;

  return (
    <PublicShell>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('inquiry.title')}
          </Title>
          <Text c="gray.7" mt={4}>
            {t('inquiry.intro')}
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg">
          <InquiryForm
            busy={inquiry.isPending}
            ready={solution !== undefined}
            error={fieldError}
            onSubmit={(key) => {
              if (solution) inquiry.mutate({ key, altcha: solution });
            }}
            extra={
              <Input.Wrapper label={t('inquiry.challenge')} description={t('inquiry.challengeHint')}>
                <AltchaChallenge key={round} onSolved={setSolution} />
              </Input.Wrapper>
            }
          />
        </Card>
        {error && !fieldError ? (
          <Alert color="red" role="alert" data-testid="inquiry-error">
            {errorMessage(error)}
          </Alert>
        ) : null}
        {inquiry.data ? (
          <Stack gap="sm" component="section" aria-label={t('inquiry.results')}>
            <Title order={2} size="h3">
              {t('inquiry.results')}
            </Title>
            {inquiry.data.items.map((certificate) => (
              <ResultCard key={certificate.serial} certificate={certificate} />
            ))}
          </Stack>
        ) : null}
        <Anchor component={Link} to="/verify">
          {t('inquiry.verifyLink')}
        </Anchor>
      </Stack>
    </PublicShell>
  );
}
