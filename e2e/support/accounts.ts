import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Language } from './language.ts';

export const DEMO_PASSWORD = 'Tasreeh@2026';

export const demoEmail = (slug: string) => `${slug}@tasreeh.test`;

/**
 * Every demo account: its e-mail slug, the area it lands in, and whether it must change its
 * password at its first login (the global setup settles that once).
 */
export const ACCOUNTS = [
  { slug: 'superadmin', area: 'admin' },
  { slug: 'branchadmin', area: 'admin' },
  { slug: 'cfo', area: 'admin' },
  { slug: 'ceo', area: 'admin' },
  { slug: 'coo', area: 'admin' },
  { slug: 'trainingmanager', area: 'admin' },
  { slug: 'manager', area: 'admin' },
  { slug: 'headofit', area: 'admin' },
  { slug: 'devteam', area: 'admin' },
  { slug: 'amanah', area: 'admin' },
  { slug: 'teller', area: 'admin' },
  { slug: 'branchaccountant', area: 'admin' },
  { slug: 'student', area: 'student' },
  { slug: 'corporate', area: 'corporate', mustChangePassword: true },
  { slug: 'instructor', area: 'instructor' },
  { slug: 'examiner', area: 'examiner' },
  { slug: 'trainingcenter', area: 'center' },
  { slug: 'medicalcenter', area: 'center' },
] as const satisfies readonly { slug: string; area: string; mustChangePassword?: boolean }[];

export type DemoAccount = (typeof ACCOUNTS)[number]['slug'];

const LABELS = {
  en: { email: 'Email or ID', password: 'Password', submit: 'Log in' },
  ar: { email: 'البريد الإلكتروني أو رقم الهوية', password: 'كلمة المرور', submit: 'دخول' },
} as const;

export function loginLabels(language: Language) {
  return LABELS[language];
}

/** Logs in through the login screen and waits for the redirect to `expectedPath`. */
export async function logInThroughUi(
  page: Page,
  language: Language,
  email: string,
  expectedPath: RegExp,
  password = DEMO_PASSWORD,
) {
  const labels = loginLabels(language);
  await page.goto('/login');
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(new RegExp(`^${labels.password}`)).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(expectedPath);
}

/** Logs in through the API, for tests that need a token rather than the screen. */
export async function logInThroughApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    access_token: string;
    userId: number;
    type: string;
    name: string;
    privileges: unknown[];
  };
}

interface OutboxEntry {
  channel: string;
  to: string;
  text: string;
  createdAt: string;
}

/** The newest code texted to a phone ending in `lastDigits`, from the development outbox. */
export async function latestCode(
  request: APIRequestContext,
  lastDigits: string,
  digits: number,
): Promise<string> {
  const response = await request.get('/api/dev/outbox');
  expect(response.status()).toBe(200);
  const entries = (await response.json()) as OutboxEntry[];
  const pattern = new RegExp(`(?<!\\d)(\\d{${digits}})(?!\\d)`);
  const entry = entries.find(
    (candidate) => candidate.to.endsWith(lastDigits) && pattern.test(candidate.text),
  );
  const code = entry?.text.match(pattern)?.[1];
  if (!code) throw new Error(`no ${digits}-digit code for a phone ending in ${lastDigits} in the outbox`);
  return code;
}
