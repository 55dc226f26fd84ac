import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutLinkSchema,
  paymentSessionSummarySchema,
  stripeKeyUpdateResultSchema,
  stripeKeyUpdateSchema,
  testCheckoutActionSchema,
  testCheckoutResultSchema,
  testCheckoutSchema,
} from '../../../shared/schemas/payments.js';
import { errorBody, idParams } from '../../http/schemas.js';
import { guardStaffRoutes, requireUser } from '../../http/session.js';
import { defineErrors } from '../../lib/errors.js';
import { auditActor } from '../audit/index.js';
import type { PaymentService } from './service.js';
import { PaymentProviderError } from './stripe-provider.js';

const checkoutErrors = defineErrors({ PAYMENT_PROVIDER_UNREACHABLE: 'BAD_GATEWAY' });

const failures = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const sessionParams = z.object({ sessionId: z.string().min(1).max(255) });
/** The success page and the test checkout are public; an id is unguessable, the limit keeps it so. */
const PUBLIC_LOOKUPS_PER_MINUTE = 60;

/** Deposit checkout, the Stripe webhook and the payment-session lookup. */
export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/api/order-items/:id/payment',
    {
      schema: {
        params: idParams,
        response: { 200: checkoutLinkSchema, ...failures, 502: errorBody },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/api/stripe/sessions/:sessionId',
    {
      config: { rateLimit: { max: PUBLIC_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { params: sessionParams, response: { 200: paymentSessionSummarySchema, ...failures } },
    },
    async (request) => payments.sessionSummary(request.params.sessionId),
  );

  await app.register(stripeWebhookRoute, { payments });
  await app.register(testCheckoutRoutes, { payments });
  await app.register(stripeKeyRoute, { payments });
};

/**
 * POST /api/stripe/webhook: Stripe signs the exact bytes it sends, so this route alone reads its JSON
 * body raw (an encapsulated parser; the rest of the app keeps the normal one). No session, no CSRF
 * check (csrf.ts exempts it): the signature is the authentication.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  app.post(
    '/api/stripe/webhook',
    { schema: { response: { 200: z.object({ received: z.literal(true) }), 400: errorBody } } },
    async (request) => {
      const result = await payments.receiveStripeWebhook(request.body, request.headers['stripe-signature']);
      request.log.info({ result }, 'Stripe event received');
      return { received: true as const };
    },
  );
};

/** The built-in test checkout's page calls (only while no Stripe key applies; 404 otherwise). */
const testCheckoutRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  const rateLimit = { max: PUBLIC_LOOKUPS_PER_MINUTE, timeWindow: '1 minute' };
  app.get(
    '/api/payments/test-checkout/:sessionId',
    {
      config: { rateLimit },
      schema: { params: sessionParams, response: { 200: testCheckoutSchema, ...failures } },
    },
    async (request) => payments.testCheckout(request.params.sessionId),
  );

  app.post(
    '/api/payments/test-checkout/:sessionId',
    {
      config: { rateLimit },
      schema: {
        params: sessionParams,
        body: testCheckoutActionSchema,
        response: { 200: testCheckoutResultSchema, ...failures },
      },
    },
    async (request) => payments.completeTestCheckout(request.params.sessionId, request.body.outcome),
  );
};

/** POST /api/stripe/update-key: admins only; the key is never sent back. */
const stripeKeyRoute: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  guardStaffRoutes(app);
  app.post(
    '/api/stripe/update-key',
    {
      config: { permission: 'admin.all' },
      schema: { body: stripeKeyUpdateSchema, response: { 200: stripeKeyUpdateResultSchema, ...failures } },
    },
    async (request) => ({ message: await payments.updateStripeKey(request.body.key, auditActor(request)) }),
  );
};
