import { IconCalendarPlus, IconTicket } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage } from '../../app/route-types.ts';

const BookingListPage = lazyPage(() =>
  import('./pages/booking-list-page.tsx').then((module) => module.BookingListPage),
);
const AdminBookingDetailsPage = lazyPage(() =>
  import('./pages/booking-details-page.tsx').then((module) => module.AdminBookingDetailsPage),
);
const StudentBookingDetailsPage = lazyPage(() =>
  import('./pages/booking-details-page.tsx').then((module) => module.StudentBookingDetailsPage),
);
const CorporateBookingDetailsPage = lazyPage(() =>
  import('./pages/booking-details-page.tsx').then((module) => module.CorporateBookingDetailsPage),
);
const NewBookPage = lazyPage(() => import('./pages/new-book-pages.tsx').then((module) => module.NewBookPage));
const NewBookEndPage = lazyPage(() =>
  import('./pages/new-book-pages.tsx').then((module) => module.NewBookEndPage),
);
const StudentBookingPage = lazyPage(() =>
  import('./pages/student-booking-page.tsx').then((module) => module.StudentBookingPage),
);
const CorporateBookingPage = lazyPage(() =>
  import('./pages/corporate-booking-page.tsx').then((module) => module.CorporateBookingPage),
);

/** Spec §2 Admin Bookings (resource 9): booking-management and book-details (read_9), new-book (create_9). */
export const bookingsAdminPages: AreaPage[] = [
  {
    path: 'booking-management',
    page: BookingListPage,
    rule: { permissions: ['read_9'] },
    nav: { labelKey: 'bookings:nav', icon: IconTicket, section: 'training', order: 40 },
  },
  {
    path: 'booking-management/book-details/:id',
    page: AdminBookingDetailsPage,
    rule: { permissions: ['read_9'] },
  },
  {
    path: 'new-book',
    page: NewBookPage,
    rule: { permissions: ['create_9'] },
    nav: { labelKey: 'bookings:newBookNav', icon: IconCalendarPlus, section: 'training', order: 50 },
  },
  { path: 'new-book/end', page: NewBookEndPage, rule: { permissions: ['create_9'] } },
];

/** Spec §2 Student area: booking and booking/{id}. */
export const bookingsStudentPages: AreaPage[] = [
  {
    path: 'booking',
    page: StudentBookingPage,
    nav: { labelKey: 'bookings:nav', icon: IconTicket, order: 30 },
  },
  { path: 'booking/:id', page: StudentBookingDetailsPage },
];

/** Spec §2 Corporate area: booking and booking/{id}. */
export const bookingsCorporatePages: AreaPage[] = [
  {
    path: 'booking',
    page: CorporateBookingPage,
    nav: { labelKey: 'bookings:nav', icon: IconTicket, order: 30 },
  },
  { path: 'booking/:id', page: CorporateBookingDetailsPage },
];
