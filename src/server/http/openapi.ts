import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { LIVE_PATH } from '../../shared/live.js';
import { systemRoutes } from '../../shared/routes/system.js';
import { ERROR_STATUS, errorCodes } from '../lib/errors.js';
import { PROJECT_ROOT } from '../lib/project-root.js';
import { registerRoute } from './route-map.js';
import { SESSION_COOKIE } from './session.js';

export const OPENAPI_PATH = systemRoutes.openApi.path;
export const API_DOCS_PREFIX = '/api/docs';

/** Routes that sign no one in: they take no session cookie (or a credential of their own). */
const PUBLIC_ROUTES = [
  /^\/(healthz|readyz)$/,
  /^\/api\/config$/,
  /^\/api\/help$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/auth\/(?!user$|logout$)/,
  /^\/api\/stripe\/(webhook|sessions\/)/,
  /^\/api\/payments\/test-checkout\//,
];

const PRODUCT_VERSION: string = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version;

type Security = Record<string, string[]>[];

/** Which credential a route takes, as the document states it. */
export function securityOf(url: string): Security {
  if (url.startsWith('/api/webhooks/')) return [{ apiKey: [] }];
  if (url === '/metrics') return [{ metricsToken: [] }];
  if (PUBLIC_ROUTES.some((pattern) => pattern.test(url))) return [];
  return [{ sessionCookie: [] }];
}

/** Groups the reference by area: the first path segment after /api (or the path itself). */
function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] !== 'api') return 'operations';
  if (segments[1] === 'admin' || segments[1] === 'settings') return 'admin';
  if (segments[1] === 'webhooks') return 'webhooks';
  if (segments[1] === 'auth') return 'auth';
  return segments[1] === 'stripe' || segments[1] === 'payments' ? 'payments' : 'portal';
}

/**
 * The error body every failed call answers with, and its codes: `ErrorCode` enumerates the registry
 * (`errorCodes`, filled as each capability's errors module loads) with each code's HTTP status in
 * `x-status`, read when the document is asked for so that every route's module has loaded.
 */
export function errorSchemas() {
  const codes = [...errorCodes.keys()].sort();
  return {
    ErrorCode: {
      type: 'string',
      description:
        'A stable, upper-case code naming what went wrong; branch on it, never on the message. ' +
        'x-status gives the HTTP status each code answers with.',
      enum: codes,
      'x-status': Object.fromEntries(
        codes.map((code) => [code, ERROR_STATUS[errorCodes.get(code) ?? 'INTERNAL']]),
      ),
    },
    Error: {
      type: 'object',
      description: 'The body of every error answer (docs/api.md, "Errors").',
      required: ['code', 'message'],
      properties: {
        code: { $ref: '#/components/schemas/ErrorCode' },
        message: { type: 'string', description: 'English text for a person; it may be reworded.' },
        fields: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Per-field messages of a refused input, keyed by field name.',
        },
      },
    },
  };
}

type TransformedDocument = ReturnType<typeof jsonSchemaTransformObject>;

function withErrorSchemas(document: TransformedDocument): TransformedDocument {
  const components = (document as { components?: { schemas?: object } }).components;
  return {
    ...document,
    components: { ...components, schemas: { ...components?.schemas, ...errorSchemas() } },
  } as TransformedDocument;
}

/**
 * The OpenAPI 3.1 document of every route, generated from the Zod schemas the routes validate with,
 * and the reference page that reads it. Registered before any route: the document is built from
 * the routes registered after it. The live WebSocket is described as the GET it starts with.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OrderFlow API',
        version: PRODUCT_VERSION,
        description:
          'The inbound webhooks (API key) and the portal API (session cookie) of OrderFlow. The guide with ' +
          'examples is docs/api.md in the repository.',
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The browser session, set by POST /api/auth/verify-code.',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (ofk_…) from Settings → API Keys, in the Authorization header only.',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN of the server configuration.',
          },
        },
      },
      tags: [
        { name: 'webhooks', description: 'Inbound webhooks for integrators (API key).' },
        { name: 'auth', description: 'Sign-in, for visitors.' },
        { name: 'portal', description: 'The customer portal (session cookie).' },
        { name: 'admin', description: 'The back office: ADMIN only.' },
        { name: 'payments', description: 'Checkout and the payment provider.' },
        { name: 'operations', description: 'Health, metrics and the live channel.' },
      ],
    },
    transform: (input) => {
      const { url } = input;
      // A route without a schema still belongs in the document, with its credential. The WebSocket
      // plugin hides its routes; the live channel's upgrade is described here instead.
      const given = input.schema ?? {};
      const described = zodTransform({
        ...input,
        schema: url === LIVE_PATH ? { ...given, hide: false } : given,
      });
      if (described.schema.hide) return described;
      const schema: Record<string, unknown> = {
        ...described.schema,
        tags: [tagOf(url)],
        security: securityOf(url),
      };
      if (url === LIVE_PATH) {
        schema.summary = 'The live channel (WebSocket upgrade)';
        schema.description =
          'Upgraded to a WebSocket for a signed-in session from a same-origin page; status updates arrive ' +
          'as JSON messages. See docs/live.md.';
        schema.response = {
          101: { description: 'Switching Protocols: the socket is open', type: 'null' },
          401: { description: 'Not signed in', type: 'null' },
          403: { description: 'Cross-origin connection refused', type: 'null' },
        };
      }
      return { schema, url };
    },
    transformObject: (input) => withErrorSchemas(jsonSchemaTransformObject(input)),
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Served from this product only: no validator badge fetched from swagger.io.
    uiConfig: { validatorUrl: null, deepLinking: true },
    theme: { title: 'OrderFlow API reference' },
  });

  // The document is answered as generated: no schema of its own describes it.
  registerRoute(app, systemRoutes.openApi, {
    summary: 'This OpenAPI document',
    handler: async (_request, reply) => reply.send(app.swagger()),
  });
}
