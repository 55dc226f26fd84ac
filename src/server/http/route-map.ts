/**
 * Registers a Fastify route from its entry in the shared route map (src/shared/routes/, decision 233):
 * method, path and schemas come only from the entry, so the server, the client and the OpenAPI
 * document cannot disagree on them. The capability adds what only the server knows: the permission,
 * the error answers it documents, and the handler.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteHandlerMethod,
} from 'fastify';
import type * as z from 'zod/mini';
import type { RouteDefinition, SchemaOutput } from '../../shared/routes/define-route.js';

/** What the handler returns: the input of the success schema (the serialiser turns it into the answer). */
type HandlerAnswer<R extends RouteDefinition> = R['responses'] extends { 200: infer S extends z.ZodMiniType }
  ? z.input<S>
  : R['responses'] extends { 201: infer S extends z.ZodMiniType }
    ? z.input<S>
    : R['responses'] extends { 202: infer S extends z.ZodMiniType }
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
  /** The OpenAPI document's title and text for this route. */
  summary?: string;
  description?: string;
  /**
   * Replaces the schema check of params, query and body: a route whose body the service checks itself
   * (the inbound webhooks, which log a refused delivery and name every field at fault) documents its
   * body without Fastify refusing it first.
   */
  validatorCompiler?: FastifySchemaCompiler<unknown>;
  /**
   * Returns the success body, typed from the entry. A route whose answer is not JSON (a file, a CSV, a
   * stored webhook answer replayed byte for byte) sends it itself and returns the reply.
   */
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<HandlerAnswer<R> | FastifyReply>;
}

/**
 * The route's success status: the lowest 2xx it declares (201 for a create). A route whose answer no
 * JSON schema describes (a CSV, a stored webhook answer) declares none and sets its status itself.
 */
function successStatus(route: RouteDefinition): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return statuses.length === 0 ? 200 : Math.min(...statuses);
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
    ...(implementation.validatorCompiler && { validatorCompiler: implementation.validatorCompiler }),
    schema: {
      ...(implementation.summary && { summary: implementation.summary }),
      ...(implementation.description && { description: implementation.description }),
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      ...(route.body && { body: route.body }),
      ...(Object.keys(response).length > 0 && { response }),
    },
    // The validator compiler (fastify-type-provider-zod, src/server/app.ts) has already parsed params,
    // query and body with the entry's schemas, so the request has the types RouteRequest<R> states;
    // Fastify's own handler type cannot follow a schema chosen by a type parameter.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
