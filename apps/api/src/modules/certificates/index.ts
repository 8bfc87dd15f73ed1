/**
 * The door of `certificates`: what the other modules, the route list, the job registry, the seed and
 * the benchmarks may use of it. Nothing outside the folder imports its files directly
 * (`npm run lint`, scripts/module-doors.mjs).
 */
export { currentCertificateOf } from './current.ts';
export { type CertificateIssuer, certificateIssuerOf, issueCertificate, validUntilOf } from './issue.ts';
export { certificateRoutes } from './routes.ts';
export { type CertificateSigner, certificateSigner } from './signing-key.ts';
