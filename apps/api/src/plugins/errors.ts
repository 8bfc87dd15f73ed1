import { type ErrorEnvelope, isMessageCode, type MessageCode, translateMessage } from '@tasreeh/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: { keys?: string[]; input?: unknown };
}

/** The message code of one Zod issue: the code the schema carries, else one by the kind of issue. */
function codeOfIssue(entry: ValidationEntry): MessageCode {
  if (isMessageCode(entry.message)) return entry.message;
  switch (entry.keyword) {
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    case 'too_big':
      return 'TOO_LONG';
    case 'invalid_type':
      return entry.params?.input === undefined ? 'REQUIRED' : 'INVALID_VALUE';
    default:
      return 'INVALID_VALUE';
  }
}

function fieldsOfValidation(entries: ValidationEntry[]): {
  code: MessageCode;
  fields: Record<string, MessageCode>;
} {
  const fields: Record<string, MessageCode> = {};
  for (const entry of entries) {
    const code = codeOfIssue(entry);
    const base = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const paths =
      entry.keyword === 'unrecognized_keys'
        ? (entry.params?.keys ?? []).map((key) => (base ? `${base}.${key}` : key))
        : [base || '_'];
    for (const path of paths) fields[path] ??= code;
  }
  const first = entries[0];
  return { code: first ? codeOfIssue(first) : 'VALIDATION_FAILED', fields };
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

/** Fastify's own request errors (bad JSON, wrong content type, body too large): all a 400. */
function codeOfFastifyError(error: FastifyError): MessageCode | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'PAYLOAD_TOO_LARGE';
  if (error.code?.startsWith('FST_ERR_CTP_') || error.code === 'FST_ERR_VALIDATION')
    return 'MALFORMED_REQUEST';
  if (error instanceof SyntaxError) return 'MALFORMED_REQUEST';
  return undefined;
}

/** One envelope for every failure (DESIGN §4); nothing of a 5xx reaches the client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, request, error.status, error.code, {
        params: error.params,
        fields: error.fields,
        data: error.data,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, fields } = fieldsOfValidation(error.validation as ValidationEntry[]);
      return send(reply, request, 400, code, { fields });
    }
    const requestCode = codeOfFastifyError(error);
    if (requestCode) return send(reply, request, 400, requestCode);
    if (error.statusCode === 429) return send(reply, request, 429, 'TOO_MANY_REQUESTS');
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 500, 'SOMETHING_WENT_WRONG');
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 404, 'NOT_FOUND'));
});
