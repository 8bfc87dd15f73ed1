import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Course } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { useMessages } from '../../../i18n/use-messages.ts';
import { courseQuery } from '../api.ts';

/**
 * The course named by the route's `:id`, with its loading and error states; `changing` screens
 * say so when the course may not be changed by this user (the API refuses it too).
 */
export function CourseLoader({
  changing = false,
  children,
}: {
  changing?: boolean;
  children: (course: Course) => ReactNode;
}) {
  const { t } = useTranslation('courses');
  const { message } = useMessages();
  const { id = '' } = useParams();
  const query = useQuery(courseQuery(id));
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} onRetry={() => void query.refetch()} notFoundText={t('notFound')} />
    );
  }
  if (changing && !query.data.abilities.edit) {
    return (
      <Alert color="red" role="alert">
        {message('FORBIDDEN')}
      </Alert>
    );
  }
  return children(query.data);
}
