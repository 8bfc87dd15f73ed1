import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { centerQuery } from '../api.ts';
import { CenterDetails } from '../components/center-details.tsx';
import { centerName } from '../components/center-labels.tsx';
import { ReviewActions } from '../components/review-actions.tsx';

/** `/admin/<kind>-center/profile/:id` (super admin): a centre's details, and the decision while it is pending. */
export function CenterProfilePage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(centerQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const center = query.data;
  if (center.kind !== kind) return <Navigate to={`/admin/${center.kind}-center/profile/${id}`} replace />;

  return (
    <Stack gap="md" maw={1080}>
      <Anchor component={Link} to={`/admin/${kind}-center`} size="sm">
        {t(`profile.back.${kind}`)}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-user-data>
            {centerName(center, language)}
          </Title>
          <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'}>
            {language === 'ar' ? center.nameEn : center.nameAr}
          </Text>
          <Text size="sm" c="gray.7">
            {t(`kinds.${center.kind}`)}
          </Text>
        </div>
        <Group gap="sm">
          {center.status === 'pending' && <ReviewActions center={center} />}
          <Button
            variant="default"
            component={Link}
            to={`/admin/${kind}-center/edit/${center.id}`}
            leftSection={<IconPencil size={18} aria-hidden />}
          >
            {t('profile.edit')}
          </Button>
        </Group>
      </Group>
      <CenterDetails center={center} />
    </Stack>
  );
}
