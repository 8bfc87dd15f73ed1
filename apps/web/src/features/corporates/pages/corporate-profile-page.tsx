import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconEye, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Corporate } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useCan } from '../../auth/use-can.ts';
import { corporateQuery } from '../api.ts';
import { CorporateDetails } from '../components/corporate-details.tsx';
import { CorporateDocuments } from '../components/corporate-documents.tsx';
import { corporateName, corporatePaths } from '../components/corporate-labels.ts';
import type { CreatedState } from './corporate-form-page.tsx';

function isCreatedState(state: unknown): state is CreatedState {
  return (
    typeof state === 'object' && state !== null && 'created' in state && typeof state.created === 'string'
  );
}

/** The outcome of an add, in the API's words, with how the corporate logs in. */
function CreatedNotice({ corporate, message }: { corporate: Corporate; message: string }) {
  const { t } = useTranslation('corporates');
  return (
    <Alert color="brand" icon={<IconCircleCheck size={20} aria-hidden />} title={message} role="status">
      <Text size="sm">
        {t('created.login')}{' '}
        <bdi data-user-data dir="ltr">
          {corporate.crNumber}
        </bdi>{' '}
        {t('created.or')}{' '}
        <bdi data-user-data dir="ltr">
          {corporate.representativeEmail}
        </bdi>
      </Text>
      <Text size="sm">
        {t('created.sms')}{' '}
        <bdi data-user-data dir="ltr">
          {corporate.representativePhone}
        </bdi>
      </Text>
    </Alert>
  );
}

function CorporateScreen({ mode }: { mode: 'profile' | 'view' }) {
  const { t } = useTranslation('corporates');
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const { state } = useLocation();
  const canEdit = useCan('edit_4');
  const query = useQuery(corporateQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  const corporate = query.data;

  return (
    <Stack gap="md" maw={1040}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2" data-user-data>
            {corporateName(corporate, language)}
          </Title>
          <Text c="gray.7" data-user-data lang={language === 'ar' ? 'en' : 'ar'}>
            {language === 'ar' ? corporate.nameEn : corporate.nameAr}
          </Text>
        </div>
        {canEdit && (
          <Group gap="sm">
            <Button
              component={Link}
              to={corporatePaths.edit(corporate.id)}
              leftSection={<IconPencil size={18} aria-hidden />}
            >
              {t('profile.edit')}
            </Button>
            {mode === 'profile' && (
              <Button
                variant="default"
                component={Link}
                to={corporatePaths.view(corporate.id)}
                leftSection={<IconEye size={18} aria-hidden />}
              >
                {t('profile.manage')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {mode === 'view' && isCreatedState(state) && (
        <CreatedNotice corporate={corporate} message={state.created} />
      )}
      <CorporateDetails corporate={corporate} />
      <CorporateDocuments corporate={corporate} manage={mode === 'view'} />
    </Stack>
  );
}

/** `/admin/corporate/profile/:id` (read_4): one corporate's details and copies, to read. */
export function CorporateProfilePage() {
  return <CorporateScreen mode="profile" />;
}

/** `/admin/corporate/view/:id` (edit_4): the same, where the copies are added or replaced. */
export function CorporateViewPage() {
  return <CorporateScreen mode="view" />;
}
