import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Course } from '@tasreeh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryView } from '../../../components/query-view.tsx';
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
  return (
    <QueryView query={query} notFoundText={t('notFound')}>
      {(course) =>
        changing && !course.abilities.edit ? (
          <Alert color="red" role="alert">
            {message('FORBIDDEN')}
          </Alert>
        ) : (
          children(course)
        )
      }
    </QueryView>
  );
}
