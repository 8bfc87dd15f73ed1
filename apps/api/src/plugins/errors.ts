import { type ErrorEnvelope, isMessageCode, type MessageCode, translateMessage } from '@tasreeh/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { triggerRefusalOf } from '../lib/database-refusals.ts';
import { databaseUnavailableError, isDatabaseUnavailable } from '../lib/database-unavailable.ts';

/** One problem of a body, from a route's schema or from a schema a service parsed. */
interface Issue {
  kind: string;
  path: readonly PropertyKey[];
  message?: string;
  keys?: readonly string[];
  input?: unknown;
}

/** The message code of one Zod issue: the code the schema carries, else one by the kind of issue. */
function codeOfIssue(issue: Issue): MessageCode {
  if (isMessageCode(issue.message)) return issue.message;
  switch (issue.kind) {
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_type':
      return issue.input === undefined ? 'REQUIRED' : 'INVALID_VALUE';
    default:
      return 'INVALID_VALUE';
  }
}

/** The envelope's `code` (the first problem's) and `fields` (each field's first problem). */
function describeIssues(issues: readonly Issue[]): {
  code: MessageCode;
  fields: Record<string, MessageCode>;
} {
  const fields: Record<string, MessageCode> = {};
  for (const issue of issues) {
    const code = codeOfIssue(issue);
    const base = issue.path.map(String).join('.');
    const paths =
      issue.kind === 'unrecognized_keys'
        ? (issue.keys ?? []).map((key) => (base ? `${base}.${key}` : key))
        : [base || '_'];
    for (const path of paths) fields[path] ??= code;
  }
  const first = issues[0];
  return { code: first ? codeOfIssue(first) : 'VALIDATION_FAILED', fields };
}

interface RouteValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[]; input?: unknown };
}

function issuesOfRouteValidation(entries: readonly RouteValidationEntry[]): Issue[] {
  return entries.map((entry) => ({
    kind: entry.keyword,
    path: entry.instancePath.split('/').filter(Boolean),
    message: entry.message,
    keys: entry.params?.keys,
    input: entry.params?.input,
  }));
}

function issuesOfZodError(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({
    kind: issue.code,
    path: issue.path,
    message: issue.message,
    keys: issue.code === 'unrecognized_keys' ? issue.keys : undefined,
    input: issue.input,
  }));
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: MessageCode,
  extra: Pick<ErrorEnvelope, 'params' | 'fields'> & { data?: Record<string, unknown> } = {},
) {
  const envelope: ErrorEnvelope & { data?: Record<string, unknown> } = {
    statusCode: status,
    code,
    message: translateMessage(code, request.lang, extra.params),
    ...extra,
  };
  return reply.status(status).type('application/json').send(envelope);
}

function sendAppError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  if (error.headers) reply.headers(error.headers);
  return send(reply, request, error.status, error.code, {
    params: error.params,
    fields: error.fields,
    data: error.data,
  });
}

/** Fastify's own request errors (bad JSON, wrong content type, body too large): all a 400. */
function codeOfFastifyError(error: FastifyError): MessageCode | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP_') || error.code === 'FST_ERR_VALIDATION')
    return 'MALFORMED_REQUEST';
  if (error instanceof SyntaxError) return 'MALFORMED_REQUEST';
  return undefined;
}

/** The SQLSTATE of a failed query (the driver's error, or the one Drizzle wraps), if it is one. */
function sqlStateOf(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  for (const candidate of [error, cause]) {
    if (typeof candidate !== 'object' || candidate === null || !('code' in candidate)) continue;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
  }
  return undefined;
}

/**
 * A database refusal no service turned into a message: a unique key taken (a race the service's
 * own check lost) is the spec's duplicate 409; a value the column cannot hold (SQLSTATE class 22,
 * or a check constraint) is the caller's bad input, a 400. Either is logged: a schema or a
 * service should have answered it first.
 */
function codeOfDatabaseError(error: unknown): { status: number; code: MessageCode } | undefined {
  const state = sqlStateOf(error);
  if (state === '23505') return { status: 409, code: 'RECORDS_ALREADY_REGISTERED' };
  if (state?.startsWith('22') || state === '23514') return { status: 400, code: 'INVALID_VALUE' };
  return undefined;
}

/** One envelope for every failure (DESIGN §4); nothing of a 5xx reaches the client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, request, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, fields } = describeIssues(
        issuesOfRouteValidation(error.validation as RouteValidationEntry[]),
      );
      return send(reply, request, 400, code, { fields });
    }
    if (error instanceof ZodError) {
      const { code, fields } = describeIssues(issuesOfZodError(error));
      return send(reply, request, 400, code, { fields });
    }
    const requestCode = codeOfFastifyError(error);
    if (requestCode) return send(reply, request, 400, requestCode);
    if (error.statusCode === 429) return send(reply, request, 429, 'TOO_MANY_REQUESTS');
    // Any other refusal by Fastify or a plugin (too many parts, an unsupported type…) is a bad request.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, 400, 'MALFORMED_REQUEST');
    }
    // A lost connection or a database restarting is not this request's fault: 503, try again soon.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return sendAppError(reply, request, databaseUnavailableError());
    }
    // A trigger guarding a service's rule (a closed day, a credit note above what is left): its 409, not bad input.
    const triggered = triggerRefusalOf(error);
    if (triggered) {
      request.log.warn({ err: error }, 'database refusal answered by the error handler');
      return sendAppError(reply, request, triggered);
    }
    const refusal = codeOfDatabaseError(error);
    if (refusal) {
      request.log.warn({ err: error }, 'database refusal answered by the error handler');
      return send(reply, request, refusal.status, refusal.code);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, 'SOMETHING_WENT_WRONG');
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 404, 'NOT_FOUND'));
});
