import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

/** An error as pg builds one from the server's ErrorResponse. */
const serverError = (code: string, message = 'refused') => Object.assign(new Error(message), { code });
/** A failed query as Drizzle reports it, wrapping the driver's error. */
const failedQuery = (cause: Error) => new DrizzleQueryError('select 1', [], cause);
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable: a database that went away', () => {
  it.each([
    ['57P01 admin shutdown (pg_terminate_backend, pg_ctl stop -m fast)', serverError('57P01')],
    ['57P02 crash shutdown', serverError('57P02')],
    ['57P03 cannot connect now (starting up)', serverError('57P03')],
    ['57P05 idle session timeout', serverError('57P05')],
    ['08006 connection failure', serverError('08006')],
    ['08001 unable to connect', serverError('08001')],
    ['53300 too many connections', serverError('53300')],
    ['a wrapped 57P01', failedQuery(serverError('57P01'))],
    ['ECONNREFUSED', socketError('ECONNREFUSED')],
    ['ECONNRESET', socketError('ECONNRESET')],
    ['a wrapped ECONNRESET', failedQuery(socketError('ECONNRESET'))],
    ['the socket closing', new Error('Connection terminated unexpectedly')],
    ['a connection attempt timing out', new Error('Connection terminated due to connection timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'the rollback of a transaction on a lost connection',
      failedQuery(new Error('Client has encountered a connection error and is not queryable')),
    ],
    ['PGlite closed', new Error('PGlite is closed')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe('isDatabaseUnavailable: never a refusal of the query itself', () => {
  it.each([
    ['23505 unique violation', failedQuery(serverError('23505'))],
    ['23514 check violation', failedQuery(serverError('23514'))],
    ['23P01 exclusion violation', failedQuery(serverError('23P01'))],
    ['22P02 invalid text', failedQuery(serverError('22P02'))],
    ['40001 serialization failure', failedQuery(serverError('40001'))],
    ['40P01 deadlock', failedQuery(serverError('40P01'))],
    ['57014 statement cancelled', failedQuery(serverError('57014'))],
    ['42P01 undefined table', failedQuery(serverError('42P01'))],
    // A web call to a gateway that is down is that gateway's failure, not the database's.
    ['fetch failed (ECONNREFUSED)', new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') })],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
