import type { Finger } from '@tasreeh/shared';

/**
 * The fingerprint reader, as the browser reaches it (DESIGN §5 Fingerprints and photos).
 *
 * The reader is a local service on the PC at the counter or the candidate's desk (the spec's
 * "fingerprint service base"). Its contract: `POST <base>/capture { finger }` waits for a finger
 * on the glass and answers `{ sample }` (the reading, base64 text); any other answer is a failed
 * capture. The API builds the template from four samples and matches later samples itself, so a
 * sample is all the browser ever handles.
 *
 * The base comes from the build (`VITE_FINGERPRINT_SERVICE_URL`) or, on a PC whose reader sits
 * elsewhere, from the runtime setting `localStorage["tasreeh:fingerprint-service-url"]`. With
 * neither, the development reader answers through the same interface with synthetic samples
 * (`dev1.demo-<finger>.<random>`, what the API's development engine reads).
 */
export interface FingerprintReader {
  readonly kind: 'service' | 'development';
  /** One capture of the finger: the sample text, or a rejection when the reader fails. */
  capture(finger: Finger, signal?: AbortSignal): Promise<string>;
}

export class ReaderError extends Error {}

const SAMPLE = /^[A-Za-z0-9+/=_.:-]{8,16384}$/;

export function serviceReader(
  baseUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): FingerprintReader {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    kind: 'service',
    async capture(finger, signal) {
      let response: Response;
      try {
        response = await fetchImpl(`${base}capture`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ finger }),
          signal,
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ReaderError('unreachable');
      }
      if (!response.ok) throw new ReaderError(`status ${response.status}`);
      const body = (await response.json().catch(() => undefined)) as { sample?: unknown } | undefined;
      if (typeof body?.sample !== 'string' || !SAMPLE.test(body.sample)) throw new ReaderError('bad sample');
      return body.sample;
    },
  };
}

function randomHex(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The development reader: a synthetic reading of `print` (by default the demo print of the
 * finger asked for), after a short pause as a real reader takes.
 */
export function developmentReader(
  options: { print?: (finger: Finger) => string; delayMs?: number } = {},
): FingerprintReader {
  const printOf = options.print ?? ((finger: Finger) => `demo-${finger}`);
  return {
    kind: 'development',
    capture(finger, signal) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => resolve(`dev1.${printOf(finger)}.${randomHex()}`),
          options.delayMs ?? 300,
        );
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    },
  };
}

export const SERVICE_URL_SETTING = 'tasreeh:fingerprint-service-url';

/** The service's base: the runtime setting first, then the build's; empty when neither is set. */
export function fingerprintServiceUrl(): string {
  let setting: string | null = null;
  try {
    setting = window.localStorage.getItem(SERVICE_URL_SETTING);
  } catch {
    setting = null;
  }
  return (setting || import.meta.env.VITE_FINGERPRINT_SERVICE_URL || '').trim();
}

/** The reader of this PC: the local service when its base is set, else the development reader. */
export function fingerprintReader(): FingerprintReader {
  const url = fingerprintServiceUrl();
  return url ? serviceReader(url) : developmentReader();
}

/** A value with dashes (`right-index`) as its translation key (`right_index`). */
export function keyOf(value: string): string {
  return value.replaceAll('-', '_');
}
