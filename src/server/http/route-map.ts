/**
 * Registers a Fastify route from its entry in the shared route map (src/shared/routes/, decision 233):
 * method, path and schemas come only from the entry, so the server, the client and the OpenAPI
 * document cannot disagree on them. The capability adds what only the server knows: the permission,
 * the error answers it documents, and the handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type * as z from 'zod/mini';
import type { RouteDefinition, SchemaOutput } from '../../shared/routes/define-route.js';

/** What the handler returns: the input of the success schema (the serialiser turns it into the answer). */
type HandlerAnswer<R extends RouteDefinition> = R['responses'] extends { 200: infer S extends z.ZodMiniType }
  ? z.input<S>
  : R['responses'] extends { 201: infer S extends z.ZodMiniType }
    ? z.input<S>
    : undefined;

export type RouteRequest<R extends RouteDefinition> = FastifyRequest<{
  Params: SchemaOutput<R['params']>;
  Querystring: SchemaOutput<R['query']>;
  Body: SchemaOutput<R['body']>;
}>;

export interface RouteImplementation<R extends RouteDefinition> {
  /** Route config read by the hooks, e.g. `{ permission: 'admin.all' }` for a staff route. */
  config?: Record<string, unknown>;
  /** The error answers this route documents, `{ 400: errorBody, … }` (src/server/http/schemas.ts). */
  failures?: Record<number, z.ZodMiniType>;
  /** The one-line summary the OpenAPI document shows for the route, where its path says too little. */
  summary?: string;
  /**
   * Returns the success body, typed from the entry. A route whose answer is not JSON (a file, a CSV, a
   * stored webhook answer replayed byte for byte) sends it itself and returns the reply.
   */
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<HandlerAnswer<R> | FastifyReply>;
}

/**
 * The route's success status: the lowest 2xx it declares (201 for a create). An entry that declares no
 * answer at all (`responses: {}`) answers a file its handler sends itself, with 200.
 */
function successStatus(route: RouteDefinition): number {
  const declared = Object.keys(route.responses).map(Number);
  if (declared.length === 0) return 200;
  const statuses = declared.filter((status) => status >= 200 && status < 300);
  if (statuses.length === 0) throw new Error(`${route.method} ${route.path} declares no success answer`);
  return Math.min(...statuses);
}

export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  implementation: RouteImplementation<R>,
): void {
  const status = successStatus(route);
  const response = { ...route.responses, ...implementation.failures };
  const handler = async (request: RouteRequest<R>, reply: FastifyReply) => {
    if (status !== 200) reply.code(status);
    return implementation.handler(request, reply);
  };
  app.route({
    method: route.method,
    url: route.path,
    config: implementation.config,
    schema: {
      ...(implementation.summary && { summary: implementation.summary }),
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      // A file answer without documented failures has no JSON answer to describe.
      ...(Object.keys(response).length > 0 && { response }),
    },
    // The validator compiler (fastify-type-provider-zod, src/server/app.ts) has already parsed params,
    // query and body with the entry's schemas, so the request has the types RouteRequest<R> states;
    // Fastify's own handler type cannot follow a schema chosen by a type parameter.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
