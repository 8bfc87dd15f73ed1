import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MESSAGES } from '@tasreeh/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import type { Access } from './access.ts';

/** The methods that change state: each accepts an `Idempotency-Key` (DESIGN §5, one write path). */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `Idempotency-Key` header: optional, 1–200 visible ASCII characters. */
export const IDEMPOTENCY_KEY_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Optional. 1–200 visible ASCII characters chosen by the client. A replay with the same key and body returns the first response; the same key with another body is a 422.',
} as const;

/** Every error response a route can give, by status, with what it means here. */
const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'Bad input: a field that fails its rule (`fields` names each one), an unknown field, text with a NUL or an unpaired surrogate (TEXT_INVALID_CHARACTERS), or a body that cannot be read.',
  },
  401: {
    name: 'Unauthenticated',
    description: 'No valid session: the bearer token is missing, forged, expired or revoked.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The session may not do this: a user type or right the route requires is missing, or the account must change its password first.',
  },
  404: { name: 'NotFound', description: 'No such record, or one outside what the caller may see.' },
  409: {
    name: 'Conflict',
    description:
      'The change clashes with the stored data, e.g. "Records already registered with this information." (RECORDS_ALREADY_REGISTERED).',
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: 'The `Idempotency-Key` was already used with another request body.',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Too many requests from this address or for this account; `Retry-After` says when to try again, when known.',
  },
  503: {
    name: 'DatabaseUnavailable',
    description:
      'The database is briefly unavailable (a restart, a failover, a lost connection): DATABASE_UNAVAILABLE; `Retry-After` says when to try again. A write sent again with the same `Idempotency-Key` is done once.',
  },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The error envelope of DESIGN §4, as every failure answers. */
const ERROR_ENVELOPE: OpenAPIV3.SchemaObject = {
  type: 'object',
  required: ['statusCode', 'code', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', enum: Object.keys(MESSAGES), description: 'Stable message code.' },
    message: { type: 'string', description: 'The message in the language of `Accept-Language` (en, ar).' },
    params: {
      type: 'object',
      additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
    },
    fields: {
      type: 'object',
      description: 'Field path (dot-joined) → message code of its first problem.',
      additionalProperties: { type: 'string' },
    },
  },
};

function requiresSession(access: Access | undefined): boolean {
  return access !== undefined && access !== 'public';
}

/**
 * The error statuses an operation can answer: 400, 429 and 503 always; 401 and 403 when it needs
 * a session; 404 when its path names a record; 409 and 422 when it changes state.
 */
export function errorStatusesOf(method: string, path: string, needsSession: boolean): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (needsSession) statuses.push(401, 403);
  if (path.includes('{')) statuses.push(404);
  if (WRITE_METHODS.has(method.toUpperCase())) statuses.push(409, 422);
  statuses.push(429, 503);
  return statuses;
}

type FastifyTransform = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The route's Zod schemas as JSON Schema, plus what its declared `access` and method imply:
 * the bearer scheme on every route that needs a session, the `Idempotency-Key` header on writes.
 */
function transformRoute(input: FastifyTransform) {
  const transformed = jsonSchemaTransform(input);
  const schema: Record<string, unknown> = { ...transformed.schema };
  const access = input.route.config?.access;
  if (requiresSession(access)) schema.security = [{ bearer: [] }];
  const methods = [input.route.method].flat();
  if (methods.some((method) => WRITE_METHODS.has(method))) {
    const declared = (schema.headers ?? {}) as { properties?: Record<string, unknown> };
    schema.headers = {
      ...declared,
      type: 'object',
      properties: { ...declared.properties, 'Idempotency-Key': IDEMPOTENCY_KEY_SCHEMA },
    };
  }
  return { ...transformed, schema };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Adds the shared error envelope and, to every operation, the error responses it can give. */
function addErrorResponses(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const responses: Record<string, OpenAPIV3.ResponseObject> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      ...(status === '429' || status === '503'
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
        : {}),
    };
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ErrorEnvelope: ERROR_ENVELOPE },
    responses: { ...document.components?.responses, ...responses },
  };
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const needsSession = (operation.security ?? []).length > 0;
      for (const status of errorStatusesOf(method, path, needsSession)) {
        operation.responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
      }
    }
  }
  return document;
}

/**
 * OpenAPI generated from the routes' Zod schemas, browsable at `/api/docs`. What the schemas do
 * not say is derived here, once, from each route's declared `access` and method: its security,
 * its error responses and the `Idempotency-Key` header.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tasreeh API',
        version: '1.0.0',
        description: 'Training, exams and certificates for work permits.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The `access_token` of `POST /api/auth/login`, bound to a server-side session.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: (document) =>
      // Configured as OpenAPI 3.0 above: the object is a whole 3.0 document once the routes are in.
      'openapiObject' in document
        ? addErrorResponses(document.openapiObject as OpenAPIV3.Document)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
