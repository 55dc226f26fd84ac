import type { FastifyPluginAsync } from 'fastify';
import { paymentRoutes as routes } from '../../../shared/routes/payments.js';
import { registerRoute } from '../../http/route-map.js';
import { errorBody } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser } from '../../http/session.js';
import { defineErrors } from '../../lib/errors.js';
import { auditActor } from '../audit/index.js';
import type { PaymentService } from './service.js';
import { PaymentProviderError } from './stripe-provider.js';

const checkoutErrors = defineErrors({ PAYMENT_PROVIDER_UNREACHABLE: 'BAD_GATEWAY' });

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** The success page and the test checkout are public; an id is unguessable, the limit keeps it so. */
const PUBLIC_LOOKUPS_PER_MINUTE = 60;

/** Deposit checkout, the Stripe webhook and the payment-session lookup. Paths and shapes: src/shared/routes/payments.ts. */
export const paymentRoutes: FastifyPluginAsync<{ payments: PaymentService }> = async (app, { payments }) => {
  registerRoute(app, routes.startCheckout, {
    failures: { ...failures, 502: errorBody },
    handler: async (request) => {
      const user = requireUser(request);
      try {
        return await payments.startCheckout(user.id, request.params.id);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.warn({ provider: err.message }, 'starting a Stripe checkout failed');
        throw checkoutErrors.PAYMENT_PROVIDER_UNREACHABLE(
          'The payment provider could not be reached. Please try again in a moment.',
        );
      }
    },
  });

  registerRoute(app, routes.session, {
    config: { rateLimit: { max: PUBLIC_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
    failures,
    handler: async (request) => payments.sessionSummary(request.params.sessionId),
  });

  await app.register(stripeWebhookRoute, { payments });
  await app.register(testCheckoutRoutes, { payments });
  await app.register(stripeKeyRoute, { payments });
};

/**
 * POST /api/stripe/webhook: Stripe signs the exact bytes it sends, so this route alone reads its JSON
 * body raw (an encapsulated parser; the rest of the app keeps the normal one). No session, no CSRF
 * check (csrf.ts exempts it): the signature is the authentication.
 */
const stripeWebhookRoute: FastifyPluginAsync<{ payments: PaymentService }> = async (app, { payments }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  registerRoute(app, routes.stripeWebhook, {
    failures: { 400: errorBody },
    handler: async (request) => {
      // The entry declares no body schema: the body is the raw Buffer the parser above kept.
      const rawBody: unknown = request.body;
      const result = await payments.receiveStripeWebhook(rawBody, request.headers['stripe-signature']);
      request.log.info({ result }, 'Stripe event received');
      return { received: true as const };
    },
  });
};

/** The built-in test checkout's page calls (only while no Stripe key applies; 404 otherwise). */
const testCheckoutRoutes: FastifyPluginAsync<{ payments: PaymentService }> = async (app, { payments }) => {
  const rateLimit = { max: PUBLIC_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' };
  registerRoute(app, routes.testCheckout, {
    config: { rateLimit },
    failures,
    handler: async (request) => payments.testCheckout(request.params.sessionId),
  });

  registerRoute(app, routes.completeTestCheckout, {
    config: { rateLimit },
    failures,
    handler: async (request) => payments.completeTestCheckout(request.params.sessionId, request.body.outcome),
  });
};

/** POST /api/stripe/update-key: admins only; the key is never sent back. */
const stripeKeyRoute: FastifyPluginAsync<{ payments: PaymentService }> = async (app, { payments }) => {
  guardStaffRoutes(app);
  registerRoute(app, routes.updateStripeKey, {
    config: { permission: 'admin.all' },
    failures,
    handler: async (request) => ({
      message: await payments.updateStripeKey(request.body.key, auditActor(request)),
    }),
  });
};
