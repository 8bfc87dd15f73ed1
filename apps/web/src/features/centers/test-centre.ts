import type { CenterValues } from './form-model.ts';

/** A centre that passes every shared rule, for the tests of its forms. */
export const VALID_CENTRE: CenterValues = {
  nameEn: 'Najd Hygiene Training',
  nameAr: 'مركز نجد للتدريب',
  crNumber: '1010123456',
  crExpiry: '2099-01-31',
  licenceNumber: 'TVTC-1',
  licenceExpiry: '2099-06-30',
  vatNumber: '310000000000003',
  region: 'SA-01',
  city: 'riyadh',
  address: 'King Abdullah Road',
  contactName: 'Majed',
  email: 'centre@example.com',
  mobile: '0551234567',
};
