import { useQuery } from '@tanstack/react-query';
import type { Center, CenterKind } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
import { centerQuery } from '../api.ts';

/**
 * The centre of the address's id for a screen of one kind (`/admin/<kind>-center/<screen>/:id`):
 * loading, not found, the screen — or, for a centre of the other kind, the same screen under
 * its own kind's address.
 */
export function CenterOfKind({
  kind,
  screen,
  children,
}: {
  kind: CenterKind;
  screen: 'profile' | 'edit';
  children(center: Center): ReactNode;
}) {
  const { t } = useTranslation('centers');
  const { id = '' } = useParams();
  return (
    <QueryView query={useQuery(centerQuery(id))} notFoundText={t('notFound')}>
      {(center) =>
        center.kind === kind ? (
          children(center)
        ) : (
          <Navigate to={`/admin/${center.kind}-center/${screen}/${id}`} replace />
        )
      }
    </QueryView>
  );
}
