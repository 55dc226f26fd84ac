import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  webhookEventRoutes as eventRoutes,
  inboundWebhookRoutes,
} from '../../../shared/routes/inbound-webhooks.js';
import { webhookEndpoint } from '../../../shared/schemas/webhooks.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes } from '../../http/session.js';
import { AppError } from '../../lib/errors.js';
import { API_KEY_PREFIX, type ApiKeyService } from '../api-keys/index.js';
import { auditActor } from '../audit/index.js';
import { webhooksErrors } from './errors.js';
import { INBOUND_WEBHOOK_PATHS } from './registry.js';
import type { WebhookCaller, WebhookService } from './service.js';

/** Query parameters that would carry a key: refused, keys travel only in the Authorization header. */
const KEY_PARAMETERS = ['apikey', 'api_key', 'api-key', 'key', 'token', 'access_token', 'authorization'];
const IDEMPOTENCY_KEY_MAX = 255;

function keyInQuery(request: FastifyRequest): boolean {
  const search = new URL(request.url, 'http://localhost').searchParams;
  for (const [name, value] of search) {
    if (KEY_PARAMETERS.includes(name.toLowerCase()) || value.startsWith(API_KEY_PREFIX)) return true;
  }
  return false;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'] ?? request.headers['webhook-id'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  if (value.length > IDEMPOTENCY_KEY_MAX) {
    throw webhooksErrors.IDEMPOTENCY_KEY_TOO_LONG(
      `The idempotency key is longer than ${IDEMPOTENCY_KEY_MAX} characters`,
      {
        fields: {
          'Idempotency-Key': `At most ${IDEMPOTENCY_KEY_MAX} characters`,
        },
      },
    );
  }
  return value;
}

function isJson(request: FastifyRequest): boolean {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/**
 * What the OpenAPI document says of an endpoint besides its payload (src/shared/routes/inbound-webhooks.ts):
 * title, and the rules that depend on another field's value.
 */
function documented(endpoint: string) {
  const entry = webhookEndpoint(endpoint);
  const route = inboundWebhookRoutes[endpoint];
  if (!entry || !route) throw new Error(`inbound webhook ${endpoint} has no documentation entry`);
  const rules = entry.variants.flatMap((variant) =>
    variant.conditions.map((c) => `${c.require.join(', ')} required when ${c.field} is ${c.equals}.`),
  );
  return { route, summary: entry.title, description: [entry.description, ...rules].join(' ') };
}

/**
 * The body is checked by the service (checkPayload), which names every field at fault and logs the
 * delivery even when it is refused; the route's schema is there for the OpenAPI document only.
 */
const documentOnly = () => (value: unknown) => ({ value });

/**
 * The inbound webhooks (docs/api.md): API-key authentication from the Authorization header only (a
 * session cookie authenticates nothing here), a JSON body, then the service.
 */
export const webhookRoutes: FastifyPluginAsync<{
  webhooks: WebhookService;
  apiKeys: ApiKeyService;
}> = async (app, { webhooks, apiKeys }) => {
  const callers = new WeakMap<FastifyRequest, WebhookCaller>();

  // Before the body is read: a caller without a valid key learns nothing about the payload.
  app.addHook('onRequest', async (request) => {
    if (keyInQuery(request)) {
      throw webhooksErrors.API_KEY_IN_URL(
        'API keys are accepted only in the Authorization header (Bearer), never in the URL',
      );
    }
    const token = bearerToken(request);
    if (!token) throw webhooksErrors.API_KEY_MISSING('Missing API key: send Authorization: Bearer <key>');
    const caller = await apiKeys.authenticate(token);
    if (!caller) throw webhooksErrors.API_KEY_INVALID('Invalid or revoked API key');
    callers.set(request, caller);
  });

  for (const endpoint of INBOUND_WEBHOOK_PATHS) {
    const { route, summary, description } = documented(endpoint);
    registerRoute(app, route, {
      summary,
      description,
      validatorCompiler: documentOnly,
      handler: async (request, reply) => {
        if (!isJson(request)) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type: send application/json');
        }
        const caller = callers.get(request);
        if (!caller) throw webhooksErrors.API_KEY_MISSING('Missing API key');
        const answer = await webhooks.deliver({
          endpoint,
          body: request.body,
          caller,
          idempotencyKey: idempotencyKeyOf(request),
        });
        // The text, not the object: a repeated delivery answers byte for byte what the first got.
        return reply
          .status(answer.created ? 201 : 200)
          .type('application/json; charset=utf-8')
          .send(answer.text);
      },
    });
  }
};

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The Webhooks page's Logs: the event list and replay. Paths and shapes: src/shared/routes/inbound-webhooks.ts. */
export const webhookEventRoutes: FastifyPluginAsync<{ webhooks: WebhookService }> = async (
  app,
  { webhooks },
) => {
  guardStaffRoutes(app);

  registerRoute(app, eventRoutes.list, {
    config: { permission: 'webhookLog.read' },
    failures,
    handler: async (request) => webhooks.list(request.query),
  });

  registerRoute(app, eventRoutes.replay, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => webhooks.replay(request.params.id, auditActor(request)),
  });
};
