import { DrizzleQueryError } from 'drizzle-orm';
import { AppError } from './app-error.ts';

/** How long a client is told to wait (`Retry-After`) while the database is away: a restart or failover takes a few seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that went away or cannot take a connection now: class 08 (connection
 * exception), 57P01–57P05 (administrator or crash shutdown, starting up, database dropped, idle
 * session timeout) and 53300 (too many connections). Never class 23 (a constraint) or 57014 (a
 * cancelled statement).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('57P0') || code === '53300';
}

/** The socket errors of a server that is down, restarting or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * pg's and PGlite's own words for a connection that is gone or cannot be had: "Connection
 * terminated unexpectedly" (and "… due to connection timeout"), a client that lost its
 * connection, the pool's wait for a connection timing out, a database closing at shutdown.
 */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos)/;

function isUnavailableItself(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code && (SOCKET_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) {
    return true;
  }
  return error instanceof Error && UNAVAILABLE_MESSAGE.test(error.message);
}

/**
 * Whether an error says the database could not be reached or dropped the connection (a restart,
 * a failover, `pg_terminate_backend`, an idle timeout), rather than refusing the query itself:
 * the error, or the driver error a failed Drizzle query wraps. Only a Drizzle query's cause is
 * looked into, so that a web call's `fetch failed` (its cause ECONNREFUSED) is never taken for one.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isUnavailableItself(error)) return true;
  return error instanceof DrizzleQueryError && isUnavailableItself(error.cause);
}

/** The answer to a request whose database went away: 503, try again in a few seconds. */
export function databaseUnavailableError(): AppError {
  return new AppError('DATABASE_UNAVAILABLE', {
    status: 503,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
