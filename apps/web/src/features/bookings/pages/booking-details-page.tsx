import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BookingDetail } from '@tasreeh/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Detail, DetailSection } from '../../../components/details.tsx';
import { QueryView } from '../../../components/query-view.tsx';
import { formatCentreDateTime, formatSar, nameIn } from '../../../i18n/format.ts';
import { useLanguage } from '../../../i18n/use-language.ts';
import { bookingQuery } from '../api.ts';
import { CancelBooking, MoveBooking } from '../components/booking-changes.tsx';
import { BookingStatusBadge, CancelRule, HoldCountdown } from '../components/booking-labels.tsx';
import { DocumentsSection, HistorySection, PaymentsSection } from '../components/booking-records.tsx';

type BookingArea = 'admin' | 'student' | 'corporate';

const LIST_OF: Record<BookingArea, string> = {
  admin: '/admin/booking-management',
  student: '/student/booking',
  corporate: '/corporate/booking',
};

function BookingView({ booking, area }: { booking: BookingDetail; area: BookingArea }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const session = booking.session;
  const awaitingPayment = booking.status === 'Pending Payment';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('details.title', { number: booking.number })}
        </Title>
        <BookingStatusBadge status={booking.status} />
      </Group>
      {awaitingPayment && booking.holdExpiresAt && <HoldCountdown until={booking.holdExpiresAt} />}
      {(awaitingPayment || booking.abilities.cancel || booking.abilities.move) && (
        <Group>
          {awaitingPayment && (
            <Button component={Link} to={`/${area}/payments/check-out/${booking.id}`}>
              {t('details.pay')}
            </Button>
          )}
          {booking.abilities.move && <MoveBooking booking={booking} />}
          {booking.abilities.cancel && <CancelBooking booking={booking} />}
        </Group>
      )}
      <DetailSection title={t('details.session')}>
        <Detail label={t('details.course')}>
          {language === 'ar' ? session.courseNameAr : session.courseNameEn}
        </Detail>
        <Detail label={t('details.kind')}>{t(`kinds.${session.kind}`)}</Detail>
        <Detail label={t('details.startsAt')}>{formatCentreDateTime(session.startsAt, language)}</Detail>
        <Detail label={t('details.branch')}>
          {nameIn({ nameEn: session.branchNameEn, nameAr: session.branchNameAr }, language)}
        </Detail>
        <Detail label={t('details.delivery')}>
          {t(`delivery.${session.delivery}`, { defaultValue: session.delivery })}
        </Detail>
      </DetailSection>
      <DetailSection title={t('details.student')}>
        <Detail label={t('details.studentName')}>
          <span data-user-data>{nameIn(booking.student, language)}</span>
        </Detail>
        <Detail label={t('details.idNumber')}>
          <bdi data-user-data>{booking.student.idNumber}</bdi>
        </Detail>
      </DetailSection>
      <DetailSection title={t('details.price')}>
        <Detail label={t('details.originalFee')}>{formatSar(booking.originalFee, language)}</Detail>
        <Detail label={t('details.amanaFee')}>{formatSar(booking.amanaFee, language)}</Detail>
        <Detail label={t('details.vat')}>{formatSar(booking.vat, language)}</Detail>
        <Detail label={t('details.total')}>{formatSar(booking.total, language)}</Detail>
        <Detail label={t('details.paid')}>{formatSar(booking.amountPaid, language)}</Detail>
        <Detail label={t('details.paymentType')}>
          {t(`paymentTypes.${booking.paymentType}`)} · {t(`timings.${booking.paymentTiming}`)}
        </Detail>
      </DetailSection>
      <PaymentsSection payments={booking.payments} />
      <DocumentsSection documents={booking.documents} />
      <HistorySection history={booking.history} />
      <CancelRule />
      <Anchor component={Link} to={LIST_OF[area]}>
        {t('details.back')}
      </Anchor>
    </Stack>
  );
}

function BookingDetailsPage({ area }: { area: BookingArea }) {
  const { t } = useTranslation('bookings');
  const { id = '' } = useParams();
  const query = useQuery(bookingQuery(id));
  return (
    <QueryView query={query} notFoundText={t('details.notFound')}>
      {(booking) => <BookingView booking={booking} area={area} />}
    </QueryView>
  );
}

/** `/admin/booking-management/book-details/{id}` (read_9). */
export const AdminBookingDetailsPage = () => <BookingDetailsPage area="admin" />;
/** `/student/booking/{id}`: the student's own booking. */
export const StudentBookingDetailsPage = () => <BookingDetailsPage area="student" />;
/** `/corporate/booking/{id}`: a booking the corporate made or of its students. */
export const CorporateBookingDetailsPage = () => <BookingDetailsPage area="corporate" />;
