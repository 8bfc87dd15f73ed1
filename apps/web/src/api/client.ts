import { translateMessage } from '@tasreeh/shared';
import { i18next } from '../i18n/index.ts';
import { isLanguage } from '../i18n/languages.ts';
import type { AnswerCheck } from './answer-check.ts';
import { ApiError, apiErrorFrom } from './api-error.ts';
import { apiBaseOf, environmentOf } from './environment.ts';
import { trackRequest } from './in-flight.ts';

/** Where the bearer token comes from; none until the start gives the session's (`setTokenSource`). */
let readToken: () => string | null = () => null;

/**
 * Gives the client its token source once, at start (`main.tsx`, the tests' setup): the session is
 * the auth feature's, and the client, below every feature, imports none of them.
 */
export function setTokenSource(read: () => string | null): void {
  readToken = read;
}

export interface RequestOptions<T> {
  /** The shape of a successful response; a response that does not fit it is a failed call. */
  schema: AnswerCheck<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A bearer token other than the stored one (the hand-off checks a token it was given). */
  token?: string | null;
  signal?: AbortSignal;
  /** A write's own `Idempotency-Key`, kept by the caller so that a retry is the same write (an exam start). */
  idempotencyKey?: string;
}

/**
 * A fresh `Idempotency-Key` for one write (crypto.randomUUID needs a secure context; an
 * address on the local network is not one, so the key is made from random bytes).
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A write whose answer was lost on the way (the connection dropped) is sent again once, with the same key. */
const WRITE_ATTEMPTS = 2;

/** Whether fetch failed on the network (no answer at all), not on an abort. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

function currentLanguage() {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one way the app calls the API: base address per environment, the stored bearer token,
 * `Accept-Language` of the current language, the global loading counter, and an `ApiError`
 * carrying the server's message ("Request failed" when it has none) for any failed response.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, method = options.body === undefined ? 'GET' : 'POST', body, signal } = options;
  const token = options.token === undefined ? readToken() : options.token;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  // A form (files) goes as multipart/form-data, its boundary set by the browser; anything else as JSON.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // Every write carries a key: the server runs it once however often it arrives.
  const isWrite = method !== 'GET';
  if (isWrite) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  const url = `${apiBaseOf(environmentOf(window.location.hostname))}${path}`;
  const init: RequestInit = {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal,
  };
  const done = trackRequest();
  try {
    const response = await fetchWithRetry(url, init, isWrite ? WRITE_ATTEMPTS : 1);
    const payload = await readBody(response);
    if (!response.ok) {
      throw apiErrorFrom(response.status, payload, translateMessage('REQUEST_FAILED', currentLanguage()));
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success)
      throw new ApiError(response.status, translateMessage('REQUEST_FAILED', currentLanguage()));
    return parsed.data;
  } catch (error) {
    throw asApiError(error);
  } finally {
    done();
  }
}

async function fetchWithRetry(url: string, init: RequestInit, attempts: number): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= attempts || !isNetworkFailure(error)) throw error;
    }
  }
}

/**
 * A stored file's bytes (a copy, a photo): a link or an `<img>` cannot send the bearer token,
 * so the file is fetched with it, counted and refused like every other call.
 */
export function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  return fetchBlob(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
}

/**
 * Public bytes that a JSON body asks for (a certificate's photo by its signed code, which must not
 * travel in an address): no token.
 */
export function publicBlob(path: string, body: unknown, signal?: AbortSignal): Promise<Blob> {
  return fetchBlob(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage() },
    body: JSON.stringify(body),
    signal,
  });
}

async function fetchBlob(path: string, init: RequestInit): Promise<Blob> {
  const done = trackRequest();
  try {
    const response = await fetch(`${apiBaseOf(environmentOf(window.location.hostname))}${path}`, init);
    if (!response.ok) {
      throw apiErrorFrom(
        response.status,
        await readBody(response),
        translateMessage('REQUEST_FAILED', currentLanguage()),
      );
    }
    return await response.blob();
  } catch (error) {
    throw asApiError(error);
  } finally {
    done();
  }
}

/** A failure as the app reports it: the API's refusal or an abort as it is, anything else "Request failed". */
function asApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new ApiError(0, translateMessage('REQUEST_FAILED', currentLanguage()));
}
