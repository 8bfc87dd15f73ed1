import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDoor, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatHijriDate, formatNumber, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { branchQuery } from '../api.ts';
import { branchName, cityName, dateOf, regionName } from '../components/branch-labels.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {children}
      </Text>
    </div>
  );
}

/** `/admin/branches/profile/:id` (read_2): a branch's details, its rooms and seats. */
export function BranchProfilePage() {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const canEdit = useCan('edit_2');
  const query = useQuery(branchQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const branch = query.data;
  const none = (
    <Text span c="gray.7" fw={400}>
      {t('profile.none')}
    </Text>
  );
  const date = (iso: string | null) =>
    iso ? (
      <>
        {formatDate(dateOf(iso), language)}
        <Text span display="block" size="sm" c="gray.7" fw={400}>
          {formatHijriDate(dateOf(iso), language)}
        </Text>
      </>
    ) : (
      none
    );
  const code = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : none);

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-user-data>
            {branchName(branch, language)}
          </Title>
          <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'}>
            {language === 'ar' ? branch.nameEn : branch.nameAr}
          </Text>
        </div>
        <Group gap="sm">
          {canEdit && (
            <Button
              component={Link}
              to={`/admin/edit-branch/${branch.id}`}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('profile.edit')}
            </Button>
          )}
          <Button
            variant="default"
            component={Link}
            to={`/admin/branches/rooms/${branch.id}`}
            leftSection={<IconDoor size={18} aria-hidden />}
          >
            {t('profile.rooms')}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2 }}>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('profile.classrooms')}
          </Text>
          <Text fw={700} size="xl" data-testid="branch-classrooms">
            {formatNumber(branch.classroomCount, language)}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="gray.7">
            {t('profile.seats')}
          </Text>
          <Text fw={700} size="xl" data-testid="branch-seats">
            {formatNumber(branch.seatCount, language)}
          </Text>
        </Card>
      </SimpleGrid>

      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('profile.details')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} m={0}>
          <Detail label={t('profile.code')}>{code(branch.code)}</Detail>
          <Detail label={t('profile.type')}>{t(`types.${branch.type}`)}</Detail>
          <Detail label={t('profile.status')}>
            <StatusBadge tone={branch.status === 'active' ? 'positive' : 'neutral'}>
              {t(`statuses.${branch.status}`)}
            </StatusBadge>
          </Detail>
          <Detail label={t('profile.region')}>{regionName(branch.region, language)}</Detail>
          <Detail label={t('profile.city')}>{cityName(branch.region, branch.city, language)}</Detail>
          <Detail label={t('profile.baladiyaCode')}>{code(branch.baladiyaCode)}</Detail>
          <Detail label={t('profile.civilDefenseCode')}>{code(branch.civilDefenseCode)}</Detail>
          <Detail label={t('profile.civilDefenseExpiry')}>{date(branch.civilDefenseExpiry)}</Detail>
          <Detail label={t('profile.crExpiry')}>{date(branch.crExpiry)}</Detail>
          <Detail label={t('profile.rentAmount')}>
            {branch.rentAmount === null ? (
              none
            ) : (
              <span data-testid="branch-rent">{formatSar(branch.rentAmount, language)}</span>
            )}
          </Detail>
          <Detail label={t('profile.rentDueDate')}>{date(branch.rentDueDate)}</Detail>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
