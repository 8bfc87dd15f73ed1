import { createHash } from 'node:crypto';
import type { Finger } from '@tasreeh/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * The fingerprint engine behind enrolment and check-in (DESIGN §5 Fingerprints and photos).
 *
 * The reader is a local service on the PC at the counter or the candidate's desk (the spec's
 * "fingerprint service base"): the browser asks it for captures (web: features/fingerprints/
 * reader.ts) and sends the samples here. The API never trusts the browser's word that a finger
 * matched: it builds the template from the four captures and compares a check-in sample with the
 * stored template itself, through this interface.
 *
 * - Production: an HTTP matching service (`FINGERPRINT_MATCHER_URL`, the vendor's SDK behind a
 *   small service on the API's network): `POST <url>/templates { finger, captures }` →
 *   `{ template }` and `POST <url>/match { template, sample }` → `{ matched, score }`. Without
 *   that URL, production refuses fingerprint work (503) rather than fall back to the development
 *   engine, whose samples anyone could forge.
 * - Development and tests: the development engine below, through the very same code path. Its
 *   samples are `dev1.<print>.<nonce>`: `print` stands for the finger on the glass (the web's
 *   development reader sends `demo-<finger>`), the nonce makes every capture different. Its
 *   template is `dev1.<sha256 of print>`; a sample matches when its print hashes the same.
 */
export interface FingerprintEngine {
  /** The template of a finger from its four captures; 422 when they are unreadable or of different fingers. */
  buildTemplate(finger: Finger, captures: readonly string[]): Promise<string>;
  /** Whether a sample is of the finger the template was built from. */
  match(template: string, sample: string): Promise<{ matched: boolean; score: number }>;
}

const DEV_SAMPLE = /^dev1\.([a-z0-9-]{1,64})\.[A-Za-z0-9_-]{1,64}$/;

function unreadable(): AppError {
  return new AppError('FINGERPRINT_SAMPLE_UNREADABLE', { status: 422 });
}

function devPrintHash(sample: string): string {
  const print = DEV_SAMPLE.exec(sample)?.[1];
  if (!print) throw unreadable();
  return createHash('sha256').update(print).digest('hex');
}

export const developmentEngine: FingerprintEngine = {
  async buildTemplate(_finger, captures) {
    const hashes = new Set(captures.map(devPrintHash));
    if (hashes.size !== 1) throw new AppError('FINGERPRINT_CAPTURES_DIFFER', { status: 422 });
    return `dev1.${[...hashes][0]}`;
  },
  async match(template, sample) {
    const matched = template === `dev1.${devPrintHash(sample)}`;
    return { matched, score: matched ? 100 : 0 };
  },
};

function unavailable(): AppError {
  return new AppError('FINGERPRINT_SERVICE_UNAVAILABLE', { status: 503 });
}

/** The matching service over HTTP (production). Its failures are a 503, never a match. */
export function httpEngine(baseUrl: string, fetchImpl: typeof fetch = fetch): FingerprintEngine {
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw unavailable();
    }
    if (response.status === 422) throw unreadable();
    if (!response.ok) throw unavailable();
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    async buildTemplate(finger, captures) {
      const answer = await post('templates', { finger, captures });
      if (answer.sameFinger === false) throw new AppError('FINGERPRINT_CAPTURES_DIFFER', { status: 422 });
      if (typeof answer.template !== 'string' || answer.template.length === 0) throw unavailable();
      return answer.template;
    },
    async match(template, sample) {
      const answer = await post('match', { template, sample });
      if (typeof answer.matched !== 'boolean') throw unavailable();
      return { matched: answer.matched, score: typeof answer.score === 'number' ? answer.score : 0 };
    },
  };
}

/** A production engine that refuses: no matching service is configured. */
const refusingEngine: FingerprintEngine = {
  buildTemplate: () => Promise.reject(unavailable()),
  match: () => Promise.reject(unavailable()),
};

/** The engine for a process: the matching service when configured, else development outside production. */
export function fingerprintEngineFor(env: string, matcherUrl: string | undefined): FingerprintEngine {
  if (matcherUrl) return httpEngine(matcherUrl);
  return env === 'production' ? refusingEngine : developmentEngine;
}

/** The engine of a process: the matching service when configured (`FINGERPRINT_MATCHER_URL`). */
export function fingerprintEngine(config: {
  env: string;
  fingerprintMatcherUrl?: string;
}): FingerprintEngine {
  return fingerprintEngineFor(config.env, config.fingerprintMatcherUrl);
}
