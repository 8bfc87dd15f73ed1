import { Anchor, Stack, Table, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_STATUSES } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceFilter, ListFilters } from '../../../components/list/list-filters.tsx';
import { ListHeader } from '../../../components/list/list-header.tsx';
import { ListResults } from '../../../components/list/list-results.tsx';
import { tableSortOf } from '../../../components/list/list-sort.ts';
import { columnsOf, ListTable } from '../../../components/list/list-table.tsx';
import { useListState } from '../../../components/list/use-list-state.ts';
import { formatCentreDateTime, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { useAbility } from '../../auth/use-ability.ts';
import { branchOptionsQuery } from '../../students/api.ts';
import { type BookingListParams, bookableCoursesQuery, bookingCountQuery, bookingListQuery } from '../api.ts';
import { BookingStatusBadge, statusKey } from '../components/booking-labels.tsx';

const COLUMNS = ['number', 'student', 'course', 'startsAt', 'total', 'status'] as const;
type Filters = Omit<BookingListParams, 'cursor' | 'limit' | 'search'>;

/** `/admin/booking-management` (read_9): every booking the staff member may see, searched by student ID. */
export function BookingListPage() {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const canCreate = useAbility('bookings', 'create');
  const list = useListState<Filters>({
    sort: 'createdAt',
    order: 'desc',
    status: '',
    from: '',
    to: '',
    branchId: '',
    courseId: '',
  });
  // Options for two filters; a filter whose options cannot be read is left out.
  const courses = useQuery(bookableCoursesQuery);
  const branches = useQuery(branchOptionsQuery);
  const query = useQuery(bookingListQuery(list.params));
  const count = useQuery(bookingCountQuery(list.params));
  const add = { label: t('list.add'), to: '/admin/new-book', allowed: canCreate };

  return (
    <Stack gap="md">
      <ListHeader title={t('list.title')} add={add} />
      <ListFilters list={list} columns={4} search={{ label: t('list.search'), hint: t('list.searchHint') }}>
        <ChoiceFilter
          label={t('list.status')}
          allLabel={t('list.allStatuses')}
          options={BOOKING_STATUSES.map((status) => ({ value: status, label: t(statusKey(status)) }))}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
        {courses.isSuccess && (
          <ChoiceFilter
            label={t('list.course')}
            allLabel={t('list.allCourses')}
            searchable
            options={courses.data.items.map((course) => ({
              value: String(course.id),
              label: nameIn(course, language),
            }))}
            value={list.filters.courseId}
            onChange={(value) => list.setFilter('courseId', value)}
          />
        )}
        {branches.isSuccess && branches.data.length > 1 && (
          <ChoiceFilter
            label={t('list.branch')}
            allLabel={t('list.allBranches')}
            options={branches.data.map((branch) => ({
              value: String(branch.id),
              label: nameIn(branch, language),
            }))}
            value={list.filters.branchId}
            onChange={(value) => list.setFilter('branchId', value)}
          />
        )}
        <TextInput
          type="date"
          label={t('list.from')}
          value={list.filters.from}
          onChange={(event) => list.setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('list.to')}
          value={list.filters.to}
          onChange={(event) => list.setFilter('to', event.currentTarget.value)}
        />
      </ListFilters>
      <ListResults
        query={query}
        count={count}
        list={list}
        totalText={(count, total) => t('list.count', { count, total })}
        noneText={t('list.none')}
        noMatchText={t('list.noMatch')}
        add={add}
        pagesLabel={t('list.pages')}
        totalTestId="booking-total-count"
      >
        {(items) => (
          <ListTable
            caption={t('list.title')}
            minWidth={760}
            columns={columnsOf(COLUMNS, (column) => t(`list.columns.${column}`), {
              number: 'createdAt',
              startsAt: 'startsAt',
            })}
            sort={tableSortOf(list)}
          >
            {items.map((booking) => (
              <Table.Tr key={booking.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/booking-management/book-details/${booking.id}`}>
                    <bdi data-user-data>{booking.number}</bdi>
                  </Anchor>
                </Table.Td>
                <Table.Td data-user-data>
                  {nameIn(booking.student, language)} <bdi>{booking.student.idNumber}</bdi>
                </Table.Td>
                <Table.Td data-user-data>
                  {language === 'ar' ? booking.session.courseNameAr : booking.session.courseNameEn}
                </Table.Td>
                <Table.Td>{formatCentreDateTime(booking.session.startsAt, language)}</Table.Td>
                <Table.Td>{formatSar(booking.total, language)}</Table.Td>
                <Table.Td>
                  <BookingStatusBadge status={booking.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListResults>
    </Stack>
  );
}
