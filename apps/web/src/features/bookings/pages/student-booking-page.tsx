import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BookFlow } from '../components/book-flow.tsx';
import { MyBookings } from '../components/my-bookings.tsx';

/** `/student/booking`: pick a course, "Select Date", then "Payment And Confirm"; and the student's bookings. */
export function StudentBookingPage() {
  const { t } = useTranslation('bookings');
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('student.title')}
        </Title>
        <BookFlow checkoutBase="/student/payments/check-out" />
      </Stack>
      <MyBookings detailsBase="/student/booking" />
    </Stack>
  );
}
