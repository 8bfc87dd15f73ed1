import { Anchor, Button, Stack } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { CenterKind } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordHeader } from '../../../components/details.tsx';
import { CenterDetails } from '../components/center-details.tsx';
import { CenterOfKind } from '../components/center-of-kind.tsx';
import { ReviewActions } from '../components/review-actions.tsx';

/** `/admin/<kind>-center/profile/:id` (super admin): a centre's details, and the decision while it is pending. */
export function CenterProfilePage({ kind }: { kind: CenterKind }) {
  const { t } = useTranslation('centers');
  return (
    <CenterOfKind kind={kind} screen="profile">
      {(center) => (
        <Stack gap="md" maw={1080}>
          <Anchor component={Link} to={`/admin/${kind}-center`} size="sm">
            {t(`profile.back.${kind}`)}
          </Anchor>
          <RecordHeader named={center} below={t(`kinds.${center.kind}`)}>
            {center.abilities.review && <ReviewActions center={center} />}
            {center.abilities.edit && (
              <Button
                variant="default"
                component={Link}
                to={`/admin/${kind}-center/edit/${center.id}`}
                leftSection={<IconPencil size={18} aria-hidden />}
              >
                {t('profile.edit')}
              </Button>
            )}
          </RecordHeader>
          <CenterDetails center={center} />
        </Stack>
      )}
    </CenterOfKind>
  );
}
