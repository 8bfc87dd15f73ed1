import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconDoor, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Branch } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  BothCalendars,
  Detail,
  DetailSection,
  NotSet,
  RecordHeader,
  StatCard,
} from '../../../components/details.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { dateOf, formatNumber, formatSar } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { branchQuery } from '../api.ts';
import { cityName, regionName } from '../components/branch-labels.ts';

/** `/admin/branches/profile/:id` (read_2): a branch's details, its rooms and seats. */
export function BranchProfilePage() {
  const { t } = useTranslation('branches');
  const { id = '' } = useParams();
  const query = useQuery(branchQuery(id));
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(branch) => <BranchProfile branch={branch} />}
    </QueryView>
  );
}

function BranchProfile({ branch }: { branch: Branch }) {
  const { t } = useTranslation('branches');
  const { language } = useLanguage();
  const date = (iso: string | null) => <BothCalendars date={iso ? dateOf(iso) : undefined} />;
  const code = (value: string | null) => (value ? <bdi data-user-data>{value}</bdi> : <NotSet />);

  return (
    <Stack gap="md" maw={960}>
      <RecordHeader named={branch}>
        {branch.abilities.update && (
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
      </RecordHeader>

      <SimpleGrid cols={{ base: 2 }}>
        <StatCard label={t('profile.classrooms')} testId="branch-classrooms">
          {formatNumber(branch.classroomCount, language)}
        </StatCard>
        <StatCard label={t('profile.seats')} testId="branch-seats">
          {formatNumber(branch.seatCount, language)}
        </StatCard>
      </SimpleGrid>

      <DetailSection title={t('profile.details')}>
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
            <NotSet />
          ) : (
            <span data-testid="branch-rent">{formatSar(branch.rentAmount, language)}</span>
          )}
        </Detail>
        <Detail label={t('profile.rentDueDate')}>{date(branch.rentDueDate)}</Detail>
      </DetailSection>
    </Stack>
  );
}
