import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/page-states.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { readStoredType } from '../../auth/session.ts';
import { myCertificatesQuery } from '../api.ts';
import { CertificateTable } from '../components/certificate-table.tsx';

/** Student and corporate "Certificates" (spec §2 Other screens): issued certificates with their PDF. */
export function CertificatesPage() {
  const { t } = useTranslation('certificates');
  const query = useInfiniteQuery(myCertificatesQuery());
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
        {(data) => {
          const items = data.pages.flatMap((page) => page.items);
          if (items.length === 0) return <EmptyState>{t('list.none')}</EmptyState>;
          return (
            <Paper withBorder radius="md" p="sm">
              <CertificateTable items={items} showHolder={corporate} />
              {query.hasNextPage ? (
                <Group justify="center" mt="sm">
                  <Button
                    variant="light"
                    loading={query.isFetchingNextPage}
                    onClick={() => void query.fetchNextPage()}
                  >
                    {t('list.more')}
                  </Button>
                </Group>
              ) : null}
            </Paper>
          );
        }}
      </QueryView>
    </Stack>
  );
}
