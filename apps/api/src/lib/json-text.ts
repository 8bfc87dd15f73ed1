import type { FastifyReply } from 'fastify';

declare const jsonText: unique symbol;

/**
 * A response body already written as JSON, by the database (`row_to_json` over exactly the
 * response schema's fields, in its order): sent as it is, with no row mapping, no schema
 * encoding and no JSON.stringify in Node. Every query that makes one has a test holding its
 * text equal to what the route's Zod schema writes for the same rows (decision 0013).
 */
export type JsonText = string & { readonly [jsonText]: true };

/** Marks text a query wrote with row_to_json as a response body (see JsonText). */
export function asJsonText(text: string): JsonText {
  // The brand only records where the text came from; it changes nothing at run time.
  return text as JsonText;
}

/** A list page's body, `{ items, nextCursor }`, from its items' JSON texts. */
export function pageJson(items: readonly string[], nextCursor: string | null): JsonText {
  return asJsonText(`{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`);
}

/** Fastify's own content type for JSON, which a text payload would not get by itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A handler's answer: JSON text goes out as it is (a string payload with a JSON content type
 * skips the route's serializer); anything else goes through the route's response schema.
 */
export function replyWith(reply: FastifyReply, body: JsonText): FastifyReply;
export function replyWith<Body extends object>(
  reply: FastifyReply,
  body: Body | JsonText,
): Body | FastifyReply;
export function replyWith<Body extends object>(
  reply: FastifyReply,
  body: Body | JsonText,
): Body | FastifyReply {
  return typeof body === 'string' ? reply.type(JSON_TYPE).send(body) : body;
}
