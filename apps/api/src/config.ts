import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository's root folder: `./data/` and the web build are found from here. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default(''),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  SMTP_URL: z.url().optional(),
  SMTP_FROM: z.string().default('Tasreeh <no-reply@tasreeh.test>'),
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().default('Tasreeh'),
});

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
  logLevel: string;
  /** Proxies whose X-Forwarded-For is believed: how many hops, or their addresses; false for none. */
  trustProxy: false | number | string[];
  webDistDir: string;
  smtp: { url: string; from: string } | undefined;
  sms: { url: string; apiKey: string; senderId: string } | undefined;
}

/** A secret kept in the data folder, so that a development server's tokens survive a restart. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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

/** Reads the environment; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.JWT_SECRET) problems.push('JWT_SECRET: required in production');
  if (e.SMS_API_URL && !e.SMS_API_KEY) problems.push('SMS_API_KEY: required with SMS_API_URL');
  if (isProduction && !e.SMS_API_URL)
    problems.push('SMS_API_URL: required in production, or codes reach nobody');
  if (isProduction && e.SEED_DEMO)
    problems.push('SEED_DEMO: demo accounts have a published password; never in production');
  if (e.TRUST_PROXY.trim() === 'true') {
    problems.push('TRUST_PROXY: the number of proxies in front (e.g. 1) or their addresses, not true');
  }
  if (problems.length > 0)
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
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
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDistDir: path.resolve(REPO_ROOT, e.WEB_DIST_DIR),
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : undefined,
    sms:
      e.SMS_API_URL && e.SMS_API_KEY
        ? { url: e.SMS_API_URL, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID }
        : undefined,
  };
}
