import { IconCertificate } from '@tabler/icons-react';
import { lazyPage } from '../../app/lazy-page.ts';
import type { AreaPage, PublicPage } from '../../app/route-types.ts';

const CertificateInquiryPage = lazyPage(() =>
  import('./pages/inquiry-page.tsx').then((module) => module.CertificateInquiryPage),
);
const VerifyPage = lazyPage(() => import('./pages/verify-page.tsx').then((module) => module.VerifyPage));
const CertificatesPage = lazyPage(() =>
  import('./pages/certificates-page.tsx').then((module) => module.CertificatesPage),
);
const HealthCheckPage = lazyPage(() =>
  import('./pages/health-check-page.tsx').then((module) => module.HealthCheckPage),
);

/** Public: the health-certificate inquiry with the challenge, and the offline check of a QR code. */
export const certificatesPublicPages: PublicPage[] = [
  { path: '/certificate-inquiry', page: CertificateInquiryPage },
  { path: '/verify', page: VerifyPage },
];

/** Student and corporate: Certificates (spec §2 Other screens). */
export const certificatesHolderPages: AreaPage[] = [
  {
    path: 'certificates',
    page: CertificatesPage,
    nav: { labelKey: 'certificates:nav', icon: IconCertificate, order: 60 },
  },
];

/** Spec §2 Admin: health-check (read_20). */
export const certificatesAdminPages: AreaPage[] = [
  {
    path: 'health-check',
    page: HealthCheckPage,
    rule: { permissions: ['read_20'] },
    nav: { labelKey: 'certificates:healthCheckNav', icon: IconCertificate, section: 'people', order: 60 },
  },
];
