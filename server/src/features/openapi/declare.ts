import type { ZodType } from 'zod';

/**
 * What a route tells the OpenAPI document (features/openapi/document.ts) about itself, in its
 * `config.openapi`. The schemas are the contract's own, the very ones the handler gives `parseInput`;
 * `response` names the exported contract type of the reply's `data` (null: `data` is null).
 */
export interface OpenApiRoute {
  /** The query schema the handler parses (`parseInput(schema, request.query)`). */
  query?: ZodType;
  /** The body schema the handler parses (`parseInput(schema, request.body)`). */
  body?: ZodType;
  /** Body sent as multipart/form-data (uploads) instead of JSON. */
  multipart?: boolean;
  /** The exported contract type of `data` ('Item[]': an array of them), or a contract zod schema of it; null when `data` is null. */
  response?: string | ZodType | null;
  /** The reply is not the JSON envelope (a file, a feed): its media type. */
  produces?: string;
  /** The reply is a redirect (302), not the JSON envelope. */
  redirect?: boolean;
  summary?: string;
  /** Groups in the reference page; by default the first path segment after the API prefix. */
  tags?: string[];
}

/**
 * Adds `openapi` to the config of shared route options (`pub`, `postingRoute('edit')`...), leaving
 * the rest as it was: `app.get('/tag', doc(pub, { query: tagQuery, response: 'TagInfo' }), ...)`.
 */
export function doc<T extends { config: object }>(options: T, openapi: OpenApiRoute): T & { config: T['config'] & { openapi: OpenApiRoute } } {
  return { ...options, config: { ...options.config, openapi } };
}
