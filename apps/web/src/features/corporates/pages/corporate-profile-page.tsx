import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconEye, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Corporate } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { RecordHeader } from '../../../components/details.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { corporateQuery } from '../api.ts';
import { CorporateDetails } from '../components/corporate-details.tsx';
import { CorporateDocuments } from '../components/corporate-documents.tsx';
import { corporatePaths } from '../components/corporate-labels.ts';
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
  const { id = '' } = useParams();
  const { state } = useLocation();

  return (
    <QueryView query={useQuery(corporateQuery(id))} notFoundText={t('notFound')}>
      {(corporate) => (
        <Stack gap="md" maw={1040}>
          <RecordHeader named={corporate}>
            {corporate.abilities.edit && (
              <>
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
              </>
            )}
          </RecordHeader>
          {mode === 'view' && isCreatedState(state) && (
            <CreatedNotice corporate={corporate} message={state.created} />
          )}
          <CorporateDetails corporate={corporate} />
          <CorporateDocuments corporate={corporate} manage={mode === 'view'} />
        </Stack>
      )}
    </QueryView>
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
