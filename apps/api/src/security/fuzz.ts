import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import type { TestApp } from '../test/test-app.ts';
import {
  apiRoutes,
  type CallResult,
  type CallSummary,
  openApiDocument,
  operationOf,
  summarise,
} from './routes.ts';

/**
 * Property-based fuzzing of every route from its request schema (as the OpenAPI document
 * publishes it, generated from the route's own Zod schemas): path parameters, query strings
 * and JSON bodies shaped like the schema with hostile leaves, arbitrary JSON, wrong types,
 * and multipart forms (whole, truncated, with hostile names) on every write.
 */

type Schema = OpenAPIV3.SchemaObject;

/** Strings that have broken servers: NUL, lone surrogates, huge and odd numbers, long text, markup. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00',
  '\uDC00\uD800',
  '',
  ' ',
  'x'.repeat(300),
  'ش'.repeat(5000),
  '99999999999999999999999',
  '-1',
  '0',
  '1e400',
  'NaN',
  '-0',
  '0x1F',
  '١٢٣٤٥٦٧٨٩٠',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '{"$gt":""}',
  '\u202Eevil',
  '\uFEFF',
  '😀',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
];

const HOSTILE_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  99_999_999_999,
];

/** One UTF-16 unit of any kind, lone surrogate halves and NUL included. */
const anyUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constant('\u0000'),
);

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: anyUnit, maxLength: 40 }),
);

const hostileNumber = fc.oneof(fc.constantFrom(...HOSTILE_NUMBERS), fc.double({ noNaN: true }), fc.integer());

/** Anything a JSON body can hold, nested a little, with hostile strings among it. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  hostileNumber,
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

function patternArbitrary(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    const arbitrary = fc.stringMatching(new RegExp(pattern, 'u'));
    fc.sample(arbitrary, { numRuns: 1, seed: 1 });
    return arbitrary;
  } catch {
    return undefined;
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const shaped: fc.Arbitrary<string>[] = [
    fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) }),
  ];
  if (schema.format === 'uuid') shaped.push(fc.uuid());
  if (schema.pattern) {
    const matching = patternArbitrary(schema.pattern);
    if (matching) shaped.push(matching);
  }
  if (schema.maxLength !== undefined) shaped.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  // A well-shaped string with one bad unit inside: what gets past a schema to the database.
  const tainted = fc
    .tuple(fc.oneof(...shaped), fc.constantFrom('\u0000', '\uD800', '\uDFFF'), fc.nat())
    .map(([text, unit, at]) => {
      const position = text.length === 0 ? 0 : at % text.length;
      return `${text.slice(0, position)}${unit}${text.slice(position)}`;
    });
  return fc.oneof({ arbitrary: fc.oneof(...shaped), weight: 2 }, { arbitrary: tainted, weight: 1 });
}

function numberOf(schema: Schema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  const inRange =
    schema.type === 'integer'
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true });
  return fc.oneof({ arbitrary: inRange, weight: 3 }, { arbitrary: hostileNumber, weight: 1 });
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const entries = properties.map(([key, property]) => {
    const value = shapedValue(property as Schema, depth + 1);
    // A required field is left out now and then; an optional one often.
    const keep = fc.integer({ min: 0, max: 9 }).map((roll) => roll < (required.has(key) ? 9 : 5));
    return fc.tuple(fc.constant(key), value, keep);
  });
  const extra = fc.option(fc.tuple(hostileString, junk), { freq: 6 });
  return fc.tuple(fc.tuple(...entries), extra).map(([kept, extraEntry]) => {
    const body: Record<string, unknown> = {};
    for (const [key, value, keep] of kept) if (keep) body[key] = value;
    if (extraEntry) body[extraEntry[0]] = extraEntry[1];
    return body;
  });
}

/**
 * A value shaped like the schema, whose leaves are now and then replaced by a hostile string,
 * a hostile number, the wrong type or nested junk.
 */
function shapedValue(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  let shaped: fc.Arbitrary<unknown>;
  if (depth > 6) shaped = junk;
  else if (alternatives)
    shaped = fc.oneof(...alternatives.map((entry) => shapedValue(entry as Schema, depth)));
  else if (schema.enum) shaped = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') shaped = stringOf(schema);
  else if (schema.type === 'integer' || schema.type === 'number') shaped = numberOf(schema);
  else if (schema.type === 'boolean') shaped = fc.boolean();
  else if (schema.type === 'array') {
    const items = 'items' in schema ? shapedValue(schema.items as Schema, depth + 1) : junk;
    shaped = fc.array(items, { maxLength: Math.min(schema.maxItems ?? 4, 4) });
  } else if (schema.type === 'object' || schema.properties) shaped = objectOf(schema, depth);
  else shaped = junk;
  return fc.oneof(
    { arbitrary: shaped, weight: 12 },
    { arbitrary: hostileString, weight: 1 },
    { arbitrary: junk, weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

/** Percent-encodes every byte, so that any string (a lone surrogate becomes U+FFFD) fits a URL. */
function encodeComponent(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

function queryStringOf(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (entry) => `${encodeComponent(key)}=${encodeComponent(entry)}`,
    ),
  );
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

interface FuzzRequest {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const BOUNDARY = 'fuzz-boundary';

/** A multipart form of hostile fields and random files, sometimes cut short. */
const multipartBody = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom('email', 'mobile', 'fullNameEn', 'file', 'photo'), hostileString),
        hostileString,
      ),
      {
        maxLength: 5,
      },
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom('file', 'photo', 'idCopy', 'crCopy', 'image', 'x'),
        hostileString,
        fc.uint8Array({ maxLength: 64 }),
      ),
      {
        maxLength: 2,
      },
    ),
    fc.option(fc.integer({ min: 0, max: 400 }), { freq: 3 }),
  )
  .map(([fields, files, cut]) => {
    const parts = [
      ...fields.map(([name, value]) =>
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      ...files.flatMap(([name, fileName, bytes]) => [
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ];
    const whole = Buffer.concat(parts);
    return cut === null ? whole : whole.subarray(0, cut);
  });

function parametersOf(operation: OpenAPIV3.OperationObject, place: 'path' | 'query') {
  return ((operation.parameters ?? []) as OpenAPIV3.ParameterObject[]).filter(
    (parameter) => parameter.in === place,
  );
}

/** Requests for one operation: schema-shaped params, query and body, or junk in their place. */
function requestsOf(method: string, url: string, operation: OpenAPIV3.OperationObject) {
  const pathParams = parametersOf(operation, 'path');
  const queryParams = parametersOf(operation, 'query');
  const params = fc.tuple(
    ...pathParams.map((parameter) =>
      fc.oneof(
        { arbitrary: shapedValue(parameter.schema as Schema), weight: 4 },
        { arbitrary: fc.constantFrom(1, 2, 3), weight: 2 },
      ),
    ),
  );
  const query = fc.oneof(
    fc
      .tuple(...queryParams.map((parameter) => fc.option(shapedValue(parameter.schema as Schema))))
      .map((values) =>
        Object.fromEntries(queryParams.map((parameter, index) => [parameter.name, values[index]])),
      ),
    fc.dictionary(hostileString, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 })), {
      maxKeys: 3,
    }),
  );
  const bodySchema = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content?.[
    'application/json'
  ]?.schema as Schema | undefined;
  const isWrite = method !== 'GET' && method !== 'HEAD';
  const jsonBody = fc
    .oneof(
      { arbitrary: bodySchema ? shapedValue(bodySchema) : junk, weight: 5 },
      { arbitrary: junk, weight: 1 },
    )
    .map((body) => ({ payload: JSON.stringify(body) ?? 'null', contentType: 'application/json' }));
  const rawBody = fc.oneof(
    fc.constantFrom('{"a":', '[', '"\\ud800"', '{"a":"\\u0000"}', 'null', '1e999', ''),
    hostileString,
  );
  const body = isWrite
    ? fc.oneof(
        { arbitrary: jsonBody, weight: 6 },
        {
          arbitrary: multipartBody.map((payload) => ({
            payload,
            contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          })),
          weight: 2,
        },
        { arbitrary: rawBody.map((payload) => ({ payload, contentType: 'application/json' })), weight: 1 },
      )
    : fc.constant(undefined);
  return fc.tuple(params, query, body).map(([paramValues, queryValues, bodyValue]): FuzzRequest => {
    let path = url;
    pathParams.forEach((parameter, index) => {
      path = path.replace(`:${parameter.name}`, encodeComponent(paramValues[index]));
    });
    const withoutEmpty = Object.fromEntries(
      Object.entries(queryValues).filter(([, value]) => value !== null && value !== undefined),
    );
    return { url: `${path}${queryStringOf(withoutEmpty)}`, ...bodyValue };
  });
}

export interface FuzzOptions {
  /** Calls per route and per caller. */
  runsPerRoute: number;
  seed: number;
  /** Bearer tokens to call with (anonymous is `undefined`); asked again before each route. */
  callers: Record<string, () => Promise<string | undefined>>;
}

let addressSeed = 0;
/** Each call from its own address, so that per-address limits do not hide what lies behind them. */
const fuzzAddress = () => `172.31.${Math.floor(addressSeed / 250) % 250}.${(addressSeed++ % 250) + 1}`;

/** Calls every route of the app with generated requests; returns what came back. */
export async function fuzzRoutes(t: TestApp, options: FuzzOptions): Promise<CallSummary> {
  const document = await openApiDocument(t);
  const results: CallResult[] = [];
  for (const [index, route] of apiRoutes(t).entries()) {
    const operation = operationOf(document, route);
    if (!operation) throw new Error(`${route.method} ${route.url} is not in the OpenAPI document`);
    const requests = fc.sample(requestsOf(route.method, route.url, operation), {
      numRuns: options.runsPerRoute,
      seed: options.seed + index,
    });
    for (const [caller, tokenOf] of Object.entries(options.callers)) {
      const token = await tokenOf();
      for (const request of requests) {
        const response = await t.call({
          method: route.method as 'GET',
          url: request.url,
          token,
          payload: request.payload,
          headers: request.contentType ? { 'content-type': request.contentType } : {},
          remoteAddress: fuzzAddress(),
        });
        results.push({
          route: `${route.method} ${route.url}`,
          caller,
          status: response.statusCode,
          detail: `${request.url} ${String(request.payload ?? '').slice(0, 200)} → ${response.body.slice(0, 200)}`,
        });
      }
    }
  }
  return summarise(results);
}
