import {
  IconArrowsExchange,
  IconBook,
  IconBook2,
  IconBriefcase,
  IconBuilding,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCash,
  IconCertificate,
  IconChartBar,
  IconChecklist,
  IconFileInvoice,
  IconFingerprint,
  IconGauge,
  IconKey,
  IconListCheck,
  IconNotebook,
  type IconProps,
  IconReceipt,
  IconReceiptRefund,
  IconRepeat,
  IconReportAnalytics,
  IconSchool,
  IconShieldLock,
  IconShoppingBag,
  IconTicket,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import {
  type Area,
  type PermissionCode,
  type Privilege,
  passesPermissionList,
  type UserType,
} from '@tasreeh/shared';
import type { ComponentType } from 'react';
import { getCurrentUser } from '../../features/auth/current-user.ts';
import { readStoredPrivileges, readStoredType } from '../../features/auth/session.ts';
import { centersAdminNav } from '../../features/centers/nav.ts';

/** The headed groups of the admin drawer, in the order shown. */
export const NAV_SECTIONS = ['people', 'organisation', 'training', 'finance', 'catalogue'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface NavItem {
  /** Key in the `layout` namespace, or `namespace:key` for a feature's own. */
  labelKey: string;
  path: string;
  icon: ComponentType<IconProps>;
  /** Shown only to a user holding any of these permissions (display only: the route guard decides). */
  permissions?: readonly PermissionCode[];
  /** Shown only to these user types (display only). */
  types?: readonly UserType[];
  /** The drawer group it is listed under; ungrouped links come first. */
  section?: NavSection;
}

/** Links under one heading of the drawer (no heading for the ungrouped ones). */
export interface NavGroup {
  section?: NavSection;
  items: NavItem[];
}

/** Each area's feature links, in the order the drawer shows them: one line per screen group. */
const FEATURE_NAV: Record<Area, NavItem[]> = {
  admin: [
    {
      labelKey: 'branches:nav',
      path: '/admin/branch-management',
      icon: IconBuilding,
      permissions: ['read_2'],
      section: 'organisation',
    },
    {
      labelKey: 'users:nav',
      path: '/admin/user-management',
      icon: IconUsers,
      permissions: ['read_1'],
      section: 'people',
    },
    {
      labelKey: 'users:groupsNav',
      path: '/admin/user-group',
      icon: IconShieldLock,
      types: ['super admin', 'branch admin'],
      section: 'people',
    },
    {
      labelKey: 'courses:nav',
      path: '/admin/course-management',
      icon: IconBook,
      permissions: ['read_6'],
      section: 'training',
    },
    {
      labelKey: 'assessments:nav',
      path: '/admin/assessment-management',
      icon: IconListCheck,
      permissions: ['read_7'],
      section: 'training',
    },
    {
      labelKey: 'corporates:nav',
      path: '/admin/corporate',
      icon: IconBriefcase,
      permissions: ['read_4'],
      section: 'organisation',
    },
    {
      labelKey: 'fees:nav',
      path: '/admin/fees-setup',
      icon: IconReceipt,
      permissions: ['read_10'],
      section: 'finance',
    },
    {
      labelKey: 'fees:ledgerNav',
      path: '/admin/ledger-setup',
      icon: IconBook2,
      permissions: ['read_10'],
      section: 'finance',
    },
    {
      labelKey: 'ledger:nav',
      path: '/admin/journal',
      icon: IconNotebook,
      permissions: ['read_10'],
      section: 'finance',
    },
    {
      labelKey: 'products:nav',
      path: '/admin/product',
      icon: IconShoppingBag,
      permissions: ['read_16'],
      section: 'catalogue',
    },
    {
      labelKey: 'students:nav',
      path: '/admin/students',
      icon: IconSchool,
      permissions: ['read_3'],
      section: 'people',
    },
    {
      labelKey: 'students:navTransfer',
      path: '/admin/student-transfer',
      icon: IconArrowsExchange,
      permissions: ['read_3'],
      section: 'people',
    },
    {
      labelKey: 'students:navBiometrics',
      path: '/admin/students/biometricdata',
      icon: IconFingerprint,
      permissions: ['read_3'],
      section: 'people',
    },
    {
      labelKey: 'scheduling:nav',
      path: '/admin/scheduling',
      icon: IconCalendarEvent,
      permissions: ['read_8'],
      section: 'training',
    },
    {
      labelKey: 'bookings:nav',
      path: '/admin/booking-management',
      icon: IconTicket,
      permissions: ['read_9'],
      section: 'training',
    },
    {
      labelKey: 'bookings:newBookNav',
      path: '/admin/new-book',
      icon: IconCalendarPlus,
      permissions: ['create_9'],
      section: 'training',
    },
    {
      labelKey: 'exam-results:nav',
      path: '/admin/scores',
      icon: IconReportAnalytics,
      permissions: ['read_19'],
      section: 'training',
    },
    {
      labelKey: 'exam-results:navExaminer',
      path: '/admin/examiner-score',
      icon: IconReportAnalytics,
      permissions: ['read_19'],
      section: 'training',
    },
    {
      labelKey: 'retakes:nav',
      path: '/admin/retake-exam',
      icon: IconRepeat,
      permissions: ['read_9'],
      section: 'training',
    },
    {
      labelKey: 'payments:allNav',
      path: '/admin/all-payments',
      icon: IconCash,
      permissions: ['read_10', 'read_17'],
      section: 'finance',
    },
    {
      labelKey: 'daily-closings:nav',
      path: '/admin/daily-closing',
      icon: IconBuildingBank,
      permissions: ['read_10', 'read_17'],
      section: 'finance',
    },
    {
      labelKey: 'refunds:navStudents',
      path: '/admin/refund-payment',
      icon: IconReceiptRefund,
      permissions: ['read_10', 'read_17'],
      section: 'finance',
    },
    {
      labelKey: 'refunds:navCorporates',
      path: '/admin/refund-corporate',
      icon: IconReceiptRefund,
      permissions: ['read_10', 'read_17'],
      section: 'finance',
    },
    {
      labelKey: 'amana-invoices:nav',
      path: '/admin/amana-invoice',
      icon: IconFileInvoice,
      permissions: ['read_10', 'read_18'],
      section: 'finance',
    },
    {
      labelKey: 'amana-invoices:verifyNav',
      path: '/admin/amana-invoice-verification',
      icon: IconChecklist,
      permissions: ['edit_18'],
      section: 'finance',
    },
    {
      labelKey: 'advances:nav',
      path: '/admin/advanced-payment',
      icon: IconWallet,
      permissions: ['read_10'],
      section: 'finance',
    },
    {
      labelKey: 'advances:reportNav',
      path: '/admin/finance-reports',
      icon: IconChartBar,
      permissions: ['read_10'],
      section: 'finance',
    },
    {
      labelKey: 'certificates:healthCheckNav',
      path: '/admin/health-check',
      icon: IconCertificate,
      permissions: ['read_20'],
      section: 'people',
    },
    ...centersAdminNav,
  ],
  student: [
    { labelKey: 'scheduling:nav', path: '/student/scheduling', icon: IconCalendarEvent },
    { labelKey: 'bookings:nav', path: '/student/booking', icon: IconTicket },
    { labelKey: 'exams:nav', path: '/student/exam', icon: IconCertificate },
    { labelKey: 'payments:nav', path: '/student/payments', icon: IconCash },
    { labelKey: 'certificates:nav', path: '/student/certificates', icon: IconCertificate },
    { labelKey: 'exam-results:nav', path: '/student/scores', icon: IconReportAnalytics },
  ],
  corporate: [
    { labelKey: 'students:nav', path: '/corporate/students', icon: IconSchool },
    { labelKey: 'scheduling:nav', path: '/corporate/scheduling', icon: IconCalendarEvent },
    { labelKey: 'bookings:nav', path: '/corporate/booking', icon: IconTicket },
    { labelKey: 'payments:nav', path: '/corporate/payments', icon: IconCash },
    { labelKey: 'certificates:nav', path: '/corporate/certificates', icon: IconCertificate },
    { labelKey: 'exam-results:nav', path: '/corporate/scores', icon: IconReportAnalytics },
  ],
  instructor: [{ labelKey: 'scheduling:nav', path: '/instructor/scheduling', icon: IconCalendarEvent }],
  examiner: [
    { labelKey: 'scheduling:nav', path: '/examiner/scheduling', icon: IconCalendarEvent },
    { labelKey: 'exam-results:nav', path: '/examiner/scores', icon: IconReportAnalytics },
  ],
  center: [],
};

/**
 * The side-drawer links of an area, grouped under their headings: only screens that exist,
 * and only those the user may open.
 */
export function navGroupsOf(
  area: Area,
  privileges: readonly Privilege[] = getCurrentUser()?.privileges ?? readStoredPrivileges(),
  type: UserType | undefined = getCurrentUser()?.type ?? readStoredType(),
): NavGroup[] {
  const visible = FEATURE_NAV[area].filter(
    (item) =>
      (!item.permissions || passesPermissionList(privileges, item.permissions)) &&
      (!item.types || (type !== undefined && item.types.includes(type))),
  );
  const sections = NAV_SECTIONS.map((section) => ({
    section,
    items: visible.filter((item) => item.section === section),
  })).filter((group) => group.items.length > 0);
  return [
    {
      items: [
        { labelKey: 'nav.dashboard', path: `/${area}/dashboard`, icon: IconGauge },
        ...visible.filter((item) => !item.section),
      ],
    },
    ...sections,
    { items: [{ labelKey: 'nav.changePassword', path: `/${area}/change-password`, icon: IconKey }] },
  ];
}

/** The feature namespaces the links' labels come from (`namespace:key`), each once. */
export function navNamespacesOf(groups: readonly NavGroup[]): string[] {
  const namespaces = groups.flatMap((group) =>
    group.items.flatMap((item) => (item.labelKey.includes(':') ? [item.labelKey.split(':')[0] ?? ''] : [])),
  );
  return [...new Set(namespaces)];
}
