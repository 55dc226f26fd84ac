/**
 * One HTTP route declared once: method, path and the Zod schemas of its parameters, query, body and
 * answers. The server registers it (src/server/http/route-map.ts), the client calls it
 * (src/client/lib/call-api.ts) and both read their types from the same entry (decision 233).
 * Type-only imports from Zod, so an entry costs the client bundle nothing beyond its own schemas.
 */
import type * as z from 'zod/mini';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A status code and the schema of the answer sent with it. */
export type RouteResponses = { [status: number]: z.ZodMiniType };

export interface RouteDefinition<
  M extends RouteMethod = RouteMethod,
  P extends string = string,
  Params extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Responses extends RouteResponses = RouteResponses,
> {
  method: M;
  /** Fastify's form: `/api/admin/api-keys/:id`. */
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  /**
   * The success answers (200, 201, 202, 204); the error answers are the server's one error shape. Empty for
   * a route whose answer no JSON schema describes (a CSV, a stored webhook answer): its handler sends it.
   */
  responses: Responses;
}

/** Keeps every literal type of the entry, so callers see its exact path, schemas and answers. */
export function defineRoute<
  const M extends RouteMethod,
  const P extends string,
  Responses extends RouteResponses,
  Params extends z.ZodMiniType | undefined = undefined,
  Query extends z.ZodMiniType | undefined = undefined,
  Body extends z.ZodMiniType | undefined = undefined,
>(
  route: RouteDefinition<M, P, Params, Query, Body, Responses>,
): RouteDefinition<M, P, Params, Query, Body, Responses> {
  return route;
}

/** The answer a successful call yields: the output of its 200 schema, else 201, else 202, else nothing (204). */
export type RouteAnswer<R extends RouteDefinition> = R['responses'] extends {
  200: infer S extends z.ZodMiniType;
}
  ? z.output<S>
  : R['responses'] extends { 201: infer S extends z.ZodMiniType }
    ? z.output<S>
    : R['responses'] extends { 202: infer S extends z.ZodMiniType }
      ? z.output<S>
      : undefined;

/** What a caller sends as the body: the schema's input (before trimming and defaults). */
export type RouteBody<R extends RouteDefinition> = SchemaInput<R['body']>;

/** The query a caller sends: the schema's input. */
export type RouteQuery<R extends RouteDefinition> = SchemaInput<R['query']>;

/** An optional entry field's schema without the `undefined` its optionality adds; never when absent. */
type Present<S> = Exclude<S, undefined>;

/** The output of an entry field's schema (params, query, body) as the server sees it; undefined when absent. */
export type SchemaOutput<S> = [Present<S>] extends [never]
  ? undefined
  : Present<S> extends z.ZodMiniType
    ? z.output<Present<S>>
    : undefined;

/** The input of an entry field's schema, as a caller writes it; undefined when absent. */
export type SchemaInput<S> = [Present<S>] extends [never]
  ? undefined
  : Present<S> extends z.ZodMiniType
    ? z.input<Present<S>>
    : undefined;

/** Path parameters by name; each becomes one URL-encoded segment. */
export type RouteParams<R extends RouteDefinition> =
  SchemaOutput<R['params']> extends object
    ? { [K in keyof SchemaOutput<R['params']>]: string | number }
    : undefined;
