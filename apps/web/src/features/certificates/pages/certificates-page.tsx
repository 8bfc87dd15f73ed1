import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page-states.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { readStoredType } from '../../auth/session.ts';
import { myCertificatesQuery } from '../api.ts';
import { CertificateTable } from '../components/certificate-table.tsx';

/** Student and corporate "Certificates" (spec §2 Other screens): issued certificates with their PDF. */
export function CertificatesPage() {
  const { t } = useTranslation('certificates');
  const query = useQuery(myCertificatesQuery());
  const corporate = readStoredType() === 'corporate';
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="gray.7" mt={4}>
          {t('list.intro')}
        </Text>
      </div>
      <QueryView query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState>{t('list.none')}</EmptyState>
          ) : (
            <Paper withBorder radius="md" p="sm">
              <CertificateTable items={data.items} showHolder={corporate} />
            </Paper>
          )
        }
      </QueryView>
    </Stack>
  );
}
