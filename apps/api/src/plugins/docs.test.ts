import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import type { DeclaredRoute } from './access.ts';

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await buildTestApp();
  document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await t.close();
});

/** Every API route of the app, as the access plugin recorded it; the docs' own routes aside. */
const apiRoutes = (): DeclaredRoute[] =>
  t.app.declaredRoutes.filter(
    (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );

/** `/api/students/:id` as OpenAPI writes it: `/api/students/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operationOf(route: DeclaredRoute): OpenAPIV3.OperationObject | undefined {
  const method = route.method.toLowerCase() as OpenAPIV3.HttpMethods;
  return document.paths[openApiPath(route.url)]?.[method];
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('GET /api/docs/json', () => {
  it('is a valid OpenAPI document, every reference resolving', async () => {
    const validator = new Validator();
    // The validator takes a plain object (SpecData); the document is one, as parsed from JSON.
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('declares the bearer scheme and the error envelope', () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.components?.schemas?.ErrorEnvelope).toMatchObject({
      required: ['statusCode', 'code', 'message'],
    });
  });

  it('has every route of the app, with the bearer scheme exactly on those that need a session', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const operation = operationOf(route);
      const name = `${route.method} ${route.url}`;
      expect(operation, name).toBeDefined();
      if (route.access === 'public') expect(operation?.security, name).toBeUndefined();
      else expect(operation?.security, name).toEqual([{ bearer: [] }]);
    }
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.keys(item ?? {}).filter((key) => key !== 'parameters'),
    );
    expect(operations.length).toBe(routes.length);
  });

  it('gives each operation the error responses it can answer, in the envelope', () => {
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      const statuses = Object.keys(operationOf(route)?.responses ?? {});
      const expected = ['400', '429', '503'];
      if (route.access !== 'public') expected.push('401', '403');
      if (route.url.includes(':')) expected.push('404');
      if (WRITES.has(route.method)) expected.push('409', '422');
      const errors = statuses.filter((status) => Number(status) >= 400);
      expect(errors.sort(), name).toEqual(expected.sort());
      expect(operationOf(route)?.responses['400'], name).toEqual({
        $ref: '#/components/responses/BadRequest',
      });
    }
    expect(document.components?.responses?.BadRequest).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });

  it('lists the optional Idempotency-Key header on every POST, PUT, PATCH and DELETE, and on no read', () => {
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      const parameters = (operationOf(route)?.parameters ?? []) as OpenAPIV3.ParameterObject[];
      const header = parameters.find((parameter) => parameter.in === 'header');
      if (!WRITES.has(route.method)) {
        expect(header, name).toBeUndefined();
        continue;
      }
      expect(header, name).toMatchObject({
        name: 'Idempotency-Key',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7E]+$' },
      });
    }
  });
});
