import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmailAddress, firstResetPasswordIssue, translateMessage } from '@tasreeh/shared';
import { z } from 'zod';

/** The repository's root folder: `./data/` and the web build are found from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The placeholder `.env.example` shows for JWT_SECRET: published, so never accepted in
 * production (config.test.ts checks that the file still shows this very value).
 */
export const EXAMPLE_JWT_SECRET = 'replace-me-with-a-random-secret-of-at-least-32-characters';

/** Fewer different characters than this and a secret is a pattern (`aaaa…`, `1212…`), not random. */
const MIN_SECRET_DISTINCT_CHARACTERS = 10;

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SEED_DEMO: flag.optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  REDIS_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default(''),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  SMTP_URL: z.url().optional(),
  SMTP_FROM: z.string().default('Tasreeh <no-reply@tasreeh.test>'),
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().default('Tasreeh'),
  SELLER_NAME_EN: z.string().trim().min(1).max(200).optional(),
  SELLER_NAME_AR: z.string().trim().min(1).max(200).optional(),
  SELLER_ADDRESS_EN: z.string().trim().min(1).max(300).optional(),
  SELLER_ADDRESS_AR: z.string().trim().min(1).max(300).optional(),
  SELLER_VAT_NUMBER: z
    .string()
    .regex(/^3\d{13}3$/, 'a 15-digit VAT number starting and ending with 3')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  PAYMENT_GATEWAY: z.enum(['development', 'moyasar']).optional(),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com/v1'),
  MOYASAR_SECRET_KEY: z.string().min(8).optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The fingerprint matching service (modules/fingerprints/engine.ts); unset: the development engine, refused in production. */
  FINGERPRINT_MATCHER_URL: z.url().optional(),
  /** The local fingerprint reader service the browsers call (the web's VITE_FINGERPRINT_SERVICE_URL): allowed in connect-src. */
  FINGERPRINT_SERVICE_URL: z.url().optional(),
  /** Keep a photo of the ID at a Remote check-in: only where a regulation requires it (PDPL; decision 0015). */
  CHECKIN_KEEP_ID_PHOTO: flag.default(false),
  /** Days check-in photos are kept after the sitting's result (or the session's end, with no attempt). */
  CHECKIN_PHOTO_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10 * 366)
    .default(90),
  /** The most extra time an examiner may give one attempt, in all (minutes); 0 gives none. */
  EXAM_EXTRA_TIME_MAX_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
});

/** The seller invoices name outside production when SELLER_* are not set (production requires them). */
export const DEVELOPMENT_SELLER = {
  nameEn: 'Tasreeh Training Centre',
  nameAr: 'مركز تصريح للتدريب',
  vatNumber: '300000000000003',
  addressEn: 'King Fahd Road, Riyadh',
  addressAr: 'طريق الملك فهد، الرياض',
} as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  sessionHours: number;
  /** The proof-of-work size: a challenge's secret number is drawn up to this (each try a PBKDF2 of 5,000 rounds). */
  challengeMaxNumber: number;
  seedDemo: boolean;
  /** The first super admin, created at start on a database that has none (ADMIN_EMAIL/ADMIN_PASSWORD). */
  admin: { email: string; password: string } | undefined;
  /** Requests per minute one address may make to the API; 0 turns the general limit off. */
  rateLimitPerMinute: number;
  /** Redis holding the general limit's counters, shared by every API process; unset: in memory. */
  redisUrl: string | undefined;
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: how many hops, or their addresses; false for none. */
  trustProxy: false | number | string[];
  webDistDir: string;
  smtp: { url: string; from: string } | undefined;
  sms: { url: string; apiKey: string; senderId: string } | undefined;
  /** Who sells, as invoices and their ZATCA QR name it. */
  seller: { nameEn: string; nameAr: string; vatNumber: string; addressEn: string; addressAr: string };
  /** The address people reach the web at (links in messages, the card gateway's callback); unset: none known. */
  publicUrl: string | undefined;
  /** The card gateway: the development one (development and test only) or Moyasar with its secret key. */
  gateway:
    | { kind: 'development' }
    | { kind: 'moyasar'; apiUrl: string; secretKey: string; webhookSecret: string | undefined };
  /** The fingerprint matching service's base; unset: the development engine (never in production). */
  fingerprintMatcherUrl?: string;
  /** The origin of the local fingerprint reader service the browsers call, added to connect-src. */
  fingerprintServiceOrigin?: string;
  /**
   * The centre's check-in rule (decision 0015): whether a Remote check-in keeps a photo of the ID
   * (only where a regulation requires it), and how many days the photos are kept after the result.
   */
  checkin: { keepIdPhoto: boolean; photoRetentionDays: number };
  /**
   * The most extra time, in minutes, examiners may give one attempt in all; an attempt never runs
   * past its session's end by more than this (modules/exam-attempts/clock.ts).
   */
  extraTimeMaxMinutes: number;
}

/**
 * A secret kept in the data folder, so that a development server's tokens survive a restart.
 * Written whole under another name and linked into place, which fails if it exists: of several
 * processes started at once on one folder, one secret wins and every process reads that one.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}

/** Why a production signing secret is refused, or undefined when it will do. */
function weakSecretProblem(secret: string | undefined): string | undefined {
  if (!secret) return 'JWT_SECRET: required in production';
  if (secret === EXAMPLE_JWT_SECRET)
    return 'JWT_SECRET: the example value from .env.example; generate your own';
  if (new Set(secret).size < MIN_SECRET_DISTINCT_CHARACTERS)
    return 'JWT_SECRET: not random enough; generate one with `openssl rand -base64 48`';
  return undefined;
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: both or neither, a valid address, and a password that passes the
 * reset flow's rule. Problems name the rule, never the password.
 */
function readAdmin(
  email: string | undefined,
  password: string | undefined,
  problems: string[],
): { email: string; password: string } | undefined {
  if (!email && !password) return undefined;
  if (!email || !password) {
    problems.push('ADMIN_EMAIL, ADMIN_PASSWORD: give both, or neither');
    return undefined;
  }
  const address = EmailAddress.safeParse(email);
  if (!address.success) problems.push('ADMIN_EMAIL: not a valid e-mail address');
  const issue = firstResetPasswordIssue(password, password);
  if (issue) problems.push(`ADMIN_PASSWORD: ${translateMessage(issue, 'en')}`);
  return address.success && !issue ? { email: address.data, password } : undefined;
}

/**
 * `TRUST_PROXY`: empty or `false` trusts no proxy; a number trusts that many hops in front;
 * otherwise a comma-separated list of proxy addresses or CIDR ranges. Never a blanket `true`,
 * which would let any client choose the address its rate limits are counted by.
 */
function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A reason not to start, said to the operator as it is: main.ts prints the message without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Reads the environment; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new StartupError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const secretProblem = isProduction ? weakSecretProblem(e.JWT_SECRET) : undefined;
  if (secretProblem) problems.push(secretProblem);
  const admin = readAdmin(e.ADMIN_EMAIL, e.ADMIN_PASSWORD, problems);
  if (e.SMS_API_URL && !e.SMS_API_KEY) problems.push('SMS_API_KEY: required with SMS_API_URL');
  if (isProduction && !e.SMS_API_URL)
    problems.push('SMS_API_URL: required in production, or codes reach nobody');
  if (isProduction && e.SEED_DEMO)
    problems.push('SEED_DEMO: demo accounts have a published password; never in production');
  if (e.TRUST_PROXY.trim() === 'true') {
    problems.push('TRUST_PROXY: the number of proxies in front (e.g. 1) or their addresses, not true');
  }
  if (isProduction) {
    for (const name of [
      'SELLER_NAME_EN',
      'SELLER_NAME_AR',
      'SELLER_VAT_NUMBER',
      'SELLER_ADDRESS_EN',
      'SELLER_ADDRESS_AR',
    ] as const) {
      if (!e[name]) problems.push(`${name}: required in production (invoices name the seller)`);
    }
  }
  const gatewayKind = e.PAYMENT_GATEWAY ?? (e.MOYASAR_SECRET_KEY ? 'moyasar' : 'development');
  if (gatewayKind === 'moyasar' && !e.MOYASAR_SECRET_KEY)
    problems.push('MOYASAR_SECRET_KEY: required with PAYMENT_GATEWAY=moyasar');
  if (gatewayKind === 'moyasar' && !e.PUBLIC_URL)
    problems.push('PUBLIC_URL: required with the card gateway (its callback address)');
  if (isProduction && gatewayKind === 'development')
    problems.push(
      'PAYMENT_GATEWAY: the development gateway never runs in production; set MOYASAR_SECRET_KEY',
    );
  if (problems.length > 0)
    throw new StartupError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  // Relative folders are read from the repository root, wherever the process was started.
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    sessionHours: e.SESSION_HOURS,
    challengeMaxNumber: e.ALTCHA_MAX_NUMBER,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    admin,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR),
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    sms:
      e.SMS_API_URL && e.SMS_API_KEY
        ? { url: e.SMS_API_URL, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID }
        : undefined,
    seller: {
      nameEn: e.SELLER_NAME_EN ?? DEVELOPMENT_SELLER.nameEn,
      nameAr: e.SELLER_NAME_AR ?? DEVELOPMENT_SELLER.nameAr,
      vatNumber: e.SELLER_VAT_NUMBER ?? DEVELOPMENT_SELLER.vatNumber,
      addressEn: e.SELLER_ADDRESS_EN ?? DEVELOPMENT_SELLER.addressEn,
      addressAr: e.SELLER_ADDRESS_AR ?? DEVELOPMENT_SELLER.addressAr,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    gateway:
      gatewayKind === 'moyasar' && e.MOYASAR_SECRET_KEY
        ? {
            kind: 'moyasar',
            apiUrl: e.MOYASAR_API_URL.replace(/\/+$/, ''),
            secretKey: e.MOYASAR_SECRET_KEY,
            webhookSecret: e.MOYASAR_WEBHOOK_SECRET,
          }
        : { kind: 'development' },
    fingerprintMatcherUrl: e.FINGERPRINT_MATCHER_URL,
    fingerprintServiceOrigin: e.FINGERPRINT_SERVICE_URL
      ? new URL(e.FINGERPRINT_SERVICE_URL).origin
      : undefined,
    checkin: { keepIdPhoto: e.CHECKIN_KEEP_ID_PHOTO, photoRetentionDays: e.CHECKIN_PHOTO_RETENTION_DAYS },
    extraTimeMaxMinutes: e.EXAM_EXTRA_TIME_MAX_MINUTES,
  };
}
