import { Anchor, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/page-states.tsx';
import { formatCentreDateTime, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { bookingListQuery } from '../api.ts';
import { BookingStatusBadge } from './booking-labels.tsx';

const LATEST = {
  search: '',
  sort: 'createdAt',
  order: 'desc',
  status: '',
  from: '',
  to: '',
  branchId: '',
  courseId: '',
  cursor: undefined,
  limit: 20,
} as const;

/** The caller's latest bookings (a student's own, a corporate's), each linking to its page. */
export function MyBookings({
  detailsBase,
  showStudent = false,
}: {
  detailsBase: string;
  showStudent?: boolean;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const query = useQuery(bookingListQuery(LATEST));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('mine.title')}
      </Title>
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.items.length === 0 && <EmptyState>{t('mine.none')}</EmptyState>}
      {query.isSuccess && query.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.columns.number')}</Table.Th>
                {showStudent && <Table.Th>{t('list.columns.student')}</Table.Th>}
                <Table.Th>{t('list.columns.course')}</Table.Th>
                <Table.Th>{t('list.columns.startsAt')}</Table.Th>
                <Table.Th>{t('list.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((booking) => (
                <Table.Tr key={booking.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${detailsBase}/${booking.id}`}>
                      <bdi data-user-data>{booking.number}</bdi>
                    </Anchor>
                  </Table.Td>
                  {showStudent && <Table.Td data-user-data>{nameIn(booking.student, language)}</Table.Td>}
                  <Table.Td>
                    {language === 'ar' ? booking.session.courseNameAr : booking.session.courseNameEn}
                  </Table.Td>
                  <Table.Td>{formatCentreDateTime(booking.session.startsAt, language)}</Table.Td>
                  <Table.Td>
                    <BookingStatusBadge status={booking.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
