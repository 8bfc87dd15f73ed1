import { Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatCentreDateTime, formatNumber, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { bookableCoursesQuery, courseSessionsQuery, type SessionOption } from '../api.ts';

/** The course chosen first: what it is called and costs. */
export function CoursePicker({
  courseId,
  onChange,
}: {
  courseId: number | null;
  onChange(courseId: number | null): void;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const courses = useQuery(bookableCoursesQuery);
  if (courses.isPending) return <LoadingState />;
  if (courses.isError) return <ErrorState error={courses.error} onRetry={() => void courses.refetch()} />;
  return (
    <Select
      label={t('pick.course')}
      placeholder={t('pick.coursePlaceholder')}
      searchable
      data={courses.data.items.map((course) => ({
        value: String(course.id),
        label: `${nameIn(course, language)} — ${formatSar(course.total, language)}`,
      }))}
      value={courseId === null ? null : String(courseId)}
      onChange={(value) => onChange(value ? Number(value) : null)}
      nothingFoundMessage={t('pick.noCourses')}
    />
  );
}

/**
 * "Select Date": the course's upcoming sessions, each with its seats left; a full one cannot be
 * picked. `offers` narrows them (moving a booking offers only the other sessions of its kind).
 */
export function SessionPicker({
  courseId,
  sessionId,
  onChange,
  offers = () => true,
}: {
  courseId: number;
  sessionId: number | null;
  onChange(sessionId: number): void;
  offers?: (session: SessionOption) => boolean;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const sessions = useQuery(courseSessionsQuery(courseId));
  if (sessions.isPending) return <LoadingState />;
  if (sessions.isError) return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  const offered = sessions.data.filter(offers);
  if (offered.length === 0) return <EmptyState>{t('pick.noSessions')}</EmptyState>;
  return (
    <Radio.Group
      label={t('pick.session')}
      value={sessionId === null ? null : String(sessionId)}
      onChange={(value) => onChange(Number(value))}
    >
      <Stack gap="xs" mt="xs">
        {offered.map((session) => (
          <Radio
            key={session.id}
            value={String(session.id)}
            disabled={session.seatsLeft <= 0}
            label={`${formatCentreDateTime(session.startsAt, language)} · ${t(`kinds.${session.kind}`)}`}
            description={
              <Text span size="sm">
                {session.seatsLeft > 0
                  ? t('pick.seatsLeft', {
                      count: session.seatsLeft,
                      seats: formatNumber(session.seatsLeft, language),
                    })
                  : t('pick.full')}
              </Text>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
