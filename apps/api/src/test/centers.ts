import { newAddress, verifyPhone } from './phone.ts';
import type { TestApp } from './test-app.ts';

let seed = 0;
const padded = (width: number) => String(seed).padStart(width, '0');

/** A complete, valid centre of a kind, unique within the test run; overrides replace fields. */
export function newCenterFields(
  kind: 'training' | 'medical' = 'training',
  overrides: Record<string, string> = {},
) {
  seed++;
  return {
    kind,
    nameEn: `Hygiene Skills Centre ${seed}`,
    nameAr: `مركز مهارات النظافة ${seed}`,
    crNumber: `7010${padded(6)}`,
    crExpiry: '2029-01-31',
    licenceNumber: `LIC-${padded(4)}`,
    licenceExpiry: '2028-06-30',
    vatNumber: '300000000000003',
    region: 'SA-01',
    city: 'riyadh',
    address: 'Olaya Street, Riyadh',
    contactName: 'Bandar Al-Shahrani',
    email: `centre${seed}@hygiene.test`,
    mobile: `0560${padded(6)}`,
    ...overrides,
  };
}

/** Sends a public registration form, with optional copies attached. */
export function registerCenter(
  t: TestApp,
  fields: Record<string, string>,
  attachments: { crCopy?: Buffer; licenceCopy?: Buffer } = {},
  lang?: 'en' | 'ar',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of Object.entries(attachments))
    form.append(name, new Blob([bytes]), `${name}.pdf`);
  return t.call({
    method: 'POST',
    url: '/api/centers/register',
    payload: form,
    remoteAddress: newAddress(),
    lang,
  });
}

/**
 * Registers a centre with a verified mobile, the password `Strong@2026` and optional copies;
 * returns its fields and id.
 */
export async function registerVerifiedCenter(
  t: TestApp,
  kind: 'training' | 'medical' = 'training',
  overrides: Record<string, string> = {},
  attachments: { crCopy?: Buffer; licenceCopy?: Buffer } = {},
) {
  const fields = newCenterFields(kind, overrides);
  const phoneToken = await verifyPhone(t, fields.mobile);
  const response = await registerCenter(
    t,
    { ...fields, password: 'Strong@2026', rePassword: 'Strong@2026', phoneToken },
    attachments,
  );
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return { fields, id: response.json<{ id: number }>().id };
}

export const loginCenter = (t: TestApp, email: string, lang?: 'en' | 'ar') =>
  t.call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Strong@2026' }, lang });
