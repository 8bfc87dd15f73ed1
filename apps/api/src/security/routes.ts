import type { OpenAPIV3 } from 'openapi-types';
import type { DeclaredRoute } from '../plugins/access.ts';
import type { TestApp } from '../test/test-app.ts';

/** Every API route of the app, from the access plugin's table; the docs' own routes and HEAD aside. */
export function apiRoutes(t: TestApp): DeclaredRoute[] {
  return t.app.declaredRoutes.filter(
    (route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );
}

/** `/api/students/:id` as OpenAPI writes it: `/api/students/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export interface CallResult {
  route: string;
  caller: string;
  status: number;
  /** What was sent and what came back, shortened: printed for a failure. */
  detail: string;
}

export interface CallSummary {
  calls: number;
  byStatus: Record<number, number>;
  serverErrors: CallResult[];
}

export function summarise(results: readonly CallResult[]): CallSummary {
  const byStatus: Record<number, number> = {};
  for (const result of results) byStatus[result.status] = (byStatus[result.status] ?? 0) + 1;
  return { calls: results.length, byStatus, serverErrors: results.filter((result) => result.status >= 500) };
}

/** The first few failures, one a line, for the printed report. */
export function describeFailures(failures: readonly CallResult[], limit = 20): string {
  return failures
    .slice(0, limit)
    .map((failure) => `  ${failure.status} ${failure.route} as ${failure.caller}: ${failure.detail}`)
    .join('\n');
}

/** The app's OpenAPI document, from which requests are shaped. */
export async function openApiDocument(t: TestApp): Promise<OpenAPIV3.Document> {
  return (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
}

export function operationOf(
  document: OpenAPIV3.Document,
  route: DeclaredRoute,
): OpenAPIV3.OperationObject | undefined {
  return document.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods];
}

/** A value a path parameter's schema accepts: its first choice, a nil UUID, or the id 1. */
function plainValueOf(schema: OpenAPIV3.SchemaObject | undefined): string {
  if (schema?.enum?.[0] !== undefined) return String(schema.enum[0]);
  if (schema?.format === 'uuid' || schema?.pattern?.includes('0000-0000'))
    return '00000000-0000-4000-8000-000000000000';
  return '1';
}

/** The route's URL with each path parameter filled with a value its schema accepts. */
export function minimalUrl(document: OpenAPIV3.Document, route: DeclaredRoute): string {
  const parameters = (operationOf(document, route)?.parameters ?? []) as OpenAPIV3.ParameterObject[];
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const parameter = parameters.find((entry) => entry.in === 'path' && entry.name === name);
    return encodeURIComponent(plainValueOf(parameter?.schema as OpenAPIV3.SchemaObject | undefined));
  });
}

type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

/** The property names of every object a schema describes, one list per object, nested ones too. */
function objectsIn(document: OpenAPIV3.Document, schema: Schema | undefined, found: string[][]): void {
  if (!schema) return;
  if ('$ref' in schema) {
    objectsIn(
      document,
      document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')],
      found,
    );
    return;
  }
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length > 0) found.push(Object.keys(properties));
  for (const value of Object.values(properties)) objectsIn(document, value, found);
  if ('items' in schema) objectsIn(document, schema.items, found);
  if (typeof schema.additionalProperties === 'object')
    objectsIn(document, schema.additionalProperties, found);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    objectsIn(document, part, found);
}

/**
 * What a route's success answers are made of: the property names of each object their JSON
 * schemas describe, and whether any 2xx answer has no JSON schema (a file, an export, a redirect:
 * it may hold anything).
 */
export function successShapeOf(
  document: OpenAPIV3.Document,
  route: DeclaredRoute,
): { objects: string[][]; undescribed: boolean } {
  const objects: string[][] = [];
  let undescribed = false;
  for (const [status, response] of Object.entries(operationOf(document, route)?.responses ?? {})) {
    if (!status.startsWith('2') || '$ref' in response) continue;
    const schemas = Object.values(response.content ?? {}).map((content) => content.schema);
    if (schemas.length === 0 || schemas.some((schema) => schema === undefined)) undescribed = true;
    for (const schema of schemas) objectsIn(document, schema, objects);
  }
  return { objects, undescribed };
}
