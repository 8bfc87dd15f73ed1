import { IconBuildingHospital, IconChecklist, IconSchool, IconUserCheck } from '@tabler/icons-react';
import type { NavItem } from '../../app/layouts/area-nav.ts';

/** The drawer links of the centres' screens: super admin only (display only; the routes decide). */
export const centersAdminNav: NavItem[] = [
  {
    labelKey: 'centers:nav.training',
    path: '/admin/training-center',
    icon: IconSchool,
    types: ['super admin'],
    section: 'organisation',
  },
  {
    labelKey: 'centers:nav.medical',
    path: '/admin/medical-center',
    icon: IconBuildingHospital,
    types: ['super admin'],
    section: 'organisation',
  },
  {
    labelKey: 'centers:nav.approval',
    path: '/admin/user-approval',
    icon: IconUserCheck,
    types: ['super admin'],
    section: 'organisation',
  },
  {
    labelKey: 'centers:nav.requests',
    path: '/admin/request-management',
    icon: IconChecklist,
    types: ['super admin'],
    section: 'organisation',
  },
];
