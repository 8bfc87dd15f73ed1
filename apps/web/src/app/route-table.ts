import { type Area, BACK_OFFICE_TYPES, type RouteRule } from '@tasreeh/shared';
import { advancesAdminPages } from '../features/advances/routes.tsx';
import { amanaInvoicesAdminPages } from '../features/amana-invoices/routes.tsx';
import { assessmentsAdminPages, assessmentsExaminerPages } from '../features/assessments/routes.tsx';
import { authAreaPages, authPublicPages } from '../features/auth/routes.tsx';
import {
  bookingsAdminPages,
  bookingsCorporatePages,
  bookingsStudentPages,
} from '../features/bookings/routes.tsx';
import { branchesAdminPages } from '../features/branches/routes.tsx';
import { centerDashboardPages, centersAdminPages, centersPublicPages } from '../features/centers/routes.tsx';
import {
  certificatesAdminPages,
  certificatesHolderPages,
  certificatesPublicPages,
} from '../features/certificates/routes.tsx';
import { corporatesAdminPages } from '../features/corporates/routes.tsx';
import { coursesAdminPages } from '../features/courses/routes.tsx';
import { dailyClosingPages } from '../features/daily-closings/routes.tsx';
import { dashboardAreaPages } from '../features/dashboard/routes.tsx';
import { examAttemptsStudentPages } from '../features/exam-attempts/routes.tsx';
import {
  examCheckinsAdminPages,
  examCheckinsExaminerPages,
  examCheckinsStudentPages,
} from '../features/exam-checkins/routes.tsx';
import {
  examResultsAdminPages,
  examResultsCorporatePages,
  examResultsExaminerPages,
  examResultsStudentPages,
} from '../features/exam-results/routes.tsx';
import { feesAdminPages } from '../features/fees/routes.tsx';
import { financeReportsAdminPages } from '../features/finance-reports/routes.tsx';
import { fingerprintsAdminPages } from '../features/fingerprints/routes.tsx';
import { jobsAdminPages } from '../features/jobs/routes.tsx';
import { ledgerAdminPages } from '../features/ledger/routes.tsx';
import { paymentsAdminPages, paymentsPayerPages } from '../features/payments/routes.tsx';
import { productsAdminPages, productsPublicPages } from '../features/products/routes.tsx';
import { refundsAdminPages } from '../features/refunds/routes.tsx';
import { registrationPublicPages } from '../features/registration/routes.tsx';
import { retakesAdminPages } from '../features/retakes/routes.tsx';
import { schedulingAdminPages, schedulingAreaPages } from '../features/scheduling/routes.tsx';
import { studentsAdminPages, studentsCorporatePages } from '../features/students/routes.tsx';
import { usersAdminPages } from '../features/users/routes.tsx';
import type { AreaPage, PublicPage } from './route-types.ts';

export const AREAS: readonly Area[] = ['admin', 'student', 'corporate', 'instructor', 'examiner', 'center'];

/** Who may enter each area (spec §2 prefixes, §6 types). */
export const AREA_RULES: Record<Area, RouteRule> = {
  admin: { types: BACK_OFFICE_TYPES },
  student: { types: ['student'] },
  corporate: { types: ['corporate'] },
  instructor: { types: ['Instructor'] },
  examiner: { types: ['Examiner'] },
  center: { types: ['training center', 'medical center'] },
};

export interface AreaTable {
  area: Area;
  rule: RouteRule;
  pages: AreaPage[];
}

/**
 * The one route table: public screens, then each area with its rule and its screens (each
 * screen may add its own types or permission list). Only screens that exist are listed;
 * later features add theirs here. The first screens (login, register) are not here: the first
 * load knows them without this table (`authFirstScreens`, `app/router.tsx`).
 */
export const publicPages: PublicPage[] = [
  ...authPublicPages,
  ...registrationPublicPages,
  ...productsPublicPages,
  ...centersPublicPages,
  ...certificatesPublicPages,
];

/** Each area's feature screens, beyond its dashboard and password pages: one line per feature. */
const FEATURE_PAGES: Record<Area, AreaPage[]> = {
  admin: [
    ...branchesAdminPages,
    ...centersAdminPages,
    ...usersAdminPages,
    ...corporatesAdminPages,
    ...feesAdminPages,
    ...ledgerAdminPages,
    ...coursesAdminPages,
    ...productsAdminPages,
    ...studentsAdminPages,
    ...paymentsAdminPages,
    ...refundsAdminPages,
    ...advancesAdminPages,
    ...financeReportsAdminPages,
    ...dailyClosingPages,
    ...bookingsAdminPages,
    ...schedulingAdminPages,
    ...assessmentsAdminPages,
    ...examCheckinsAdminPages,
    ...certificatesAdminPages,
    ...fingerprintsAdminPages,
    ...examResultsAdminPages,
    ...retakesAdminPages,
    ...amanaInvoicesAdminPages,
    ...jobsAdminPages,
  ],
  student: [
    ...schedulingAreaPages,
    ...bookingsStudentPages,
    ...paymentsPayerPages,
    ...examAttemptsStudentPages,
    ...certificatesHolderPages,
    ...examCheckinsStudentPages,
    ...examResultsStudentPages,
  ],
  corporate: [
    ...studentsCorporatePages,
    ...schedulingAreaPages,
    ...bookingsCorporatePages,
    ...paymentsPayerPages,
    ...certificatesHolderPages,
    ...examResultsCorporatePages,
  ],
  instructor: [...schedulingAreaPages],
  examiner: [
    ...schedulingAreaPages,
    ...assessmentsExaminerPages,
    ...examCheckinsExaminerPages,
    ...examResultsExaminerPages,
  ],
  center: [],
};

/** Areas whose dashboard is a feature's own screen rather than the common greeting. */
const OWN_DASHBOARDS: Partial<Record<Area, AreaPage[]>> = { center: centerDashboardPages };

export const areaTables: AreaTable[] = AREAS.map((area) => ({
  area,
  rule: AREA_RULES[area],
  pages: [...(OWN_DASHBOARDS[area] ?? dashboardAreaPages), ...authAreaPages(), ...FEATURE_PAGES[area]],
}));
