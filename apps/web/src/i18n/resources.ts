import { type Language, MESSAGES, type MessageCode } from '@tasreeh/shared';
import arAuth from './locales/ar/auth.json';
import arBranches from './locales/ar/branches.json';
import arCenters from './locales/ar/centers.json';
import arCommon from './locales/ar/common.json';
import arCorporates from './locales/ar/corporates.json';
import arCourses from './locales/ar/courses.json';
import arDashboard from './locales/ar/dashboard.json';
import arFees from './locales/ar/fees.json';
import arLayout from './locales/ar/layout.json';
import arProducts from './locales/ar/products.json';
import arRegistration from './locales/ar/registration.json';
import arStudents from './locales/ar/students.json';
import arUsers from './locales/ar/users.json';
import enAuth from './locales/en/auth.json';
import enBranches from './locales/en/branches.json';
import enCenters from './locales/en/centers.json';
import enCommon from './locales/en/common.json';
import enCorporates from './locales/en/corporates.json';
import enCourses from './locales/en/courses.json';
import enDashboard from './locales/en/dashboard.json';
import enFees from './locales/en/fees.json';
import enLayout from './locales/en/layout.json';
import enProducts from './locales/en/products.json';
import enRegistration from './locales/en/registration.json';
import enStudents from './locales/en/students.json';
import enUsers from './locales/en/users.json';

/** The spec's messages (packages/shared) as an i18next namespace, so their texts have one source. */
function messagesIn(language: Language): Record<MessageCode, string> {
  const entries = Object.entries(MESSAGES).map(([code, text]) => [code, text[language]]);
  // Safe: the entries are MESSAGES' own, so every code is present, each with its text.
  return Object.fromEntries(entries) as Record<MessageCode, string>;
}

export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'dashboard',
  'registration',
  'branches',
  'centers',
  'courses',
  'students',
  'users',
  'products',
  'corporates',
  'fees',
  'messages',
] as const;

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    layout: enLayout,
    dashboard: enDashboard,
    registration: enRegistration,
    products: enProducts,
    branches: enBranches,
    courses: enCourses,
    students: enStudents,
    users: enUsers,
    centers: enCenters,
    corporates: enCorporates,
    fees: enFees,
    messages: messagesIn('en'),
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    layout: arLayout,
    dashboard: arDashboard,
    registration: arRegistration,
    products: arProducts,
    branches: arBranches,
    courses: arCourses,
    students: arStudents,
    users: arUsers,
    centers: arCenters,
    corporates: arCorporates,
    fees: arFees,
    messages: messagesIn('ar'),
  },
} as const;

/** The UI locale files by language and namespace, for the key-parity test. */
export const uiLocales = {
  en: {
    common: enCommon,
    auth: enAuth,
    layout: enLayout,
    dashboard: enDashboard,
    registration: enRegistration,
    products: enProducts,
    branches: enBranches,
    courses: enCourses,
    students: enStudents,
    users: enUsers,
    corporates: enCorporates,
    fees: enFees,
    centers: enCenters,
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    layout: arLayout,
    dashboard: arDashboard,
    registration: arRegistration,
    products: arProducts,
    branches: arBranches,
    courses: arCourses,
    students: arStudents,
    users: arUsers,
    corporates: arCorporates,
    fees: arFees,
    centers: arCenters,
  },
} as const;
