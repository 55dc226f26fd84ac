import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isPaidStatus } from '../../../shared/schemas/orders.js';
import {
  type CheckoutLink,
  depositCents,
  type PaymentSessionSummary,
  type TestCheckout,
  type TestCheckoutOutcome,
  type TestCheckoutResult,
} from '../../../shared/schemas/payments.js';
import { isMaskedSecret, STRIPE_SECRET_KEY_PATTERN } from '../../../shared/schemas/settings.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { type PaymentSession, paymentSessions } from '../../db/schema.js';
import { type Clock, minutesFrom } from '../../lib/clock.js';
import { mailText, mailUnitName, recipientLocale } from '../../mail/i18n.js';
import type { AuditActor } from '../audit/index.js';
import { findCustomerUnitWithEmail, findOrder, findUnit, type OrderWriter } from '../orders/index.js';
import type { SettingsService } from '../settings/index.js';
import { type CheckoutEvent, createCheckoutEventHandler, type EventResult } from './checkout-events.js';
import { paymentsErrors } from './errors.js';
import { type CheckoutRequest, createStripeProvider, type StartedCheckout } from './stripe-provider.js';
import { allowsOutcome, createTestCheckoutProvider, testCheckoutEvent } from './test-checkout.js';

const CURRENCY = 'usd';
/** Stripe expires a Checkout Session after 24 hours; one is offered again for 23, to leave time to pay. */
const REUSE_WINDOW_MINUTES = 23 * 60;
/** Payment statuses that mean money is on its way: no second checkout is started meanwhile. */
const FUNDS_PENDING = ['processing', 'requires_capture'];

/**
 * Which checkout a deposit goes through, decided per request (settings change at runtime):
 * - Stripe, when a secret key applies: from the environment, or saved in settings with Stripe enabled;
 * - the built-in test checkout otherwise, except in production, where a customer could otherwise
 *   mark a unit paid without paying: there online payment is unavailable until Stripe is set up.
 */
export type PaymentMode =
  | { provider: 'stripe'; secretKey: string }
  | { provider: 'test' }
  | { provider: 'none' };

export interface PaymentServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  settings: SettingsService;
  log: FastifyBaseLogger;
  orders: OrderWriter;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, clock, config, settings, log } = deps;
  const stripe = createStripeProvider({ apiBase: config.stripeApiBase });
  const testCheckout = createTestCheckoutProvider();
  const handleEvent = createCheckoutEventHandler({ db, clock, log, orders: deps.orders });

  async function mode(): Promise<PaymentMode> {
    const keys = await settings.stripeKeys();
    if (keys.secretKey) return { provider: 'stripe', secretKey: keys.secretKey };
    return config.paymentsTestMode ? { provider: 'test' } : { provider: 'none' };
  }

  /** The unit, its order and the owner's e-mail, when `userId` owns the order (others: 404). */
  async function ownedUnit(userId: number, itemId: number) {
    const row = await findCustomerUnitWithEmail(db, userId, itemId);
    if (!row) throw paymentsErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
    return row;
  }

  /** An open checkout of the same deposit started recently with the same provider, offered again. */
  async function reusableSession(itemId: number, provider: PaymentSession['provider'], amount: number) {
    const [row] = await db
      .select()
      .from(paymentSessions)
      .where(
        and(
          eq(paymentSessions.orderItemId, itemId),
          eq(paymentSessions.provider, provider),
          eq(paymentSessions.status, 'open'),
          eq(paymentSessions.paymentStatus, 'unpaid'),
          eq(paymentSessions.amount, amount),
          gt(paymentSessions.createdAt, minutesFrom(clock.now(), -REUSE_WINDOW_MINUTES)),
        ),
      )
      .orderBy(desc(paymentSessions.createdAt))
      .limit(1);
    return row?.url ? row : undefined;
  }

  async function testSession(sessionId: string) {
    if ((await mode()).provider !== 'test')
      throw paymentsErrors.TEST_CHECKOUT_NOT_FOUND('Test checkout not found');
    const [session] = await db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.sessionId, sessionId), eq(paymentSessions.provider, 'test')))
      .limit(1);
    // A session's order and unit exist while it does (deleting either deletes the session).
    const [order, item] = session
      ? await Promise.all([findOrder(db, session.orderId), findUnit(db, session.orderItemId)])
      : [];
    if (!session || !order || !item) throw paymentsErrors.TEST_CHECKOUT_NOT_FOUND('Test checkout not found');
    return { session, order, itemNumber: item.itemNumber };
  }

  /** What Stripe says of a checkout we have not heard back about yet; read only, null when unreachable. */
  async function liveStripeStatus(row: PaymentSession) {
    const { secretKey } = await settings.stripeKeys();
    if (!secretKey) return null;
    try {
      const live = await stripe.retrieveSession(secretKey, row.sessionId);
      const email = live.customer_details?.email ?? row.customerEmail;
      if (live.status !== 'complete') {
        return { paymentStatus: live.payment_status, methods: row.paymentMethodTypes, email };
      }
      return live.payment_status === 'paid'
        ? { paymentStatus: 'paid', methods: ['card'], email }
        : { paymentStatus: 'processing', methods: ['us_bank_account'], email };
    } catch (err) {
      log.warn({ sessionId: row.sessionId, err: (err as Error).message }, 'could not read a Stripe checkout');
      return null;
    }
  }

  // The test checkout is a page of this product, so its links are paths (they work behind `npm run
  // dev`'s proxy too); Stripe needs absolute addresses.
  const orderPage = (orderId: number) => `/orders/${orderId}`;
  const successPage = (sessionId: string) => `/payment/success?session_id=${sessionId}`;

  return {
    mode,

    /**
     * POST /api/order-items/:id/payment: where the owner pays the unit's deposit. An open checkout of
     * the same deposit is offered again rather than starting one each time the dialog opens.
     */
    async startCheckout(userId: number, itemId: number): Promise<CheckoutLink> {
      const { item, order, email } = await ownedUnit(userId, itemId);
      if (item.status !== 'FINANCING_PAYMENT')
        throw paymentsErrors.NOT_AWAITING_PAYMENT('This unit is not awaiting payment');
      const paymentStatus = item.currentStageData.paymentStatus;
      if (isPaidStatus(paymentStatus))
        throw paymentsErrors.DEPOSIT_ALREADY_PAID('The deposit for this unit is already paid');
      if (typeof paymentStatus === 'string' && FUNDS_PENDING.includes(paymentStatus)) {
        throw paymentsErrors.PAYMENT_IN_PROGRESS('A payment for this unit is already on its way');
      }
      const amount = depositCents(item.currentStageData, order.amount);
      if (amount === null)
        throw paymentsErrors.NO_DEPOSIT_DUE('There is no deposit to pay for this unit yet');
      const current = await mode();
      if (current.provider === 'none') {
        throw paymentsErrors.ONLINE_PAYMENT_UNAVAILABLE(
          'Online payment is not available yet. Please contact us to pay your deposit.',
        );
      }

      const reusable = await reusableSession(item.id, current.provider, amount);
      if (reusable?.url) {
        return {
          paymentUrl: reusable.url,
          sessionId: reusable.sessionId,
          paymentIntentId: reusable.paymentIntentId,
        };
      }

      const locale = await recipientLocale(db, email);
      const request: CheckoutRequest = {
        amount,
        currency: CURRENCY,
        description: mailText(locale, 'checkout.deposit', {
          product: order.productName,
          unit: mailUnitName(order.orderId, item.itemNumber, locale),
        }),
        customerEmail: email,
        locale,
        metadata: { orderId: order.orderId, itemId: String(item.id) },
        successUrl: config.publicUrl + successPage('{CHECKOUT_SESSION_ID}'),
        cancelUrl: config.publicUrl + orderPage(order.id),
      };
      const started: StartedCheckout =
        current.provider === 'stripe'
          ? await stripe.createCheckout(current.secretKey, request)
          : testCheckout.createCheckout(request);
      await db.insert(paymentSessions).values({
        sessionId: started.sessionId,
        provider: current.provider,
        orderId: order.id,
        orderItemId: item.id,
        userId,
        amount,
        currency: CURRENCY,
        paymentMethodTypes: started.paymentMethodTypes,
        paymentIntentId: started.paymentIntentId,
        customerEmail: email,
        url: started.url,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      return {
        paymentUrl: started.url,
        sessionId: started.sessionId,
        paymentIntentId: started.paymentIntentId,
      };
    },

    /**
     * GET /api/stripe/sessions/:sessionId for the success page. Only checkouts this product started are
     * answered; a Stripe checkout not settled yet is read from Stripe. Never changes anything: only a
     * verified event marks a unit paid.
     */
    async sessionSummary(sessionId: string): Promise<PaymentSessionSummary> {
      const [row] = await db
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.sessionId, sessionId))
        .limit(1);
      // A session's order and unit exist while it does (deleting either deletes the session).
      const [order, item] = row
        ? await Promise.all([findOrder(db, row.orderId), findUnit(db, row.orderItemId)])
        : [];
      if (!row || !order || !item)
        throw paymentsErrors.PAYMENT_SESSION_NOT_FOUND('Session information not found');
      const live = row.provider === 'stripe' && row.status === 'open' ? await liveStripeStatus(row) : null;
      return {
        payment_status: live?.paymentStatus ?? row.paymentStatus,
        payment_method_types: live?.methods ?? row.paymentMethodTypes,
        amount_total: row.amount,
        currency: row.currency,
        metadata: { orderId: order.orderId, itemId: String(row.orderItemId) },
        customer_details: { email: live?.email ?? row.customerEmail },
        unit: { itemNumber: item.itemNumber, orderPath: orderPage(order.id) },
      };
    },

    /** POST /api/stripe/webhook: a delivery whose signature (and age) checks out is handled once. */
    async receiveStripeWebhook(rawBody: unknown, signature: unknown): Promise<EventResult> {
      if (!Buffer.isBuffer(rawBody) || typeof signature !== 'string' || !signature) {
        throw paymentsErrors.STRIPE_SIGNATURE_MISSING('Missing Stripe signature');
      }
      const { webhookSecret } = await settings.stripeKeys();
      if (!webhookSecret) {
        log.warn('a Stripe webhook arrived but no webhook signing secret is configured');
        throw paymentsErrors.STRIPE_WEBHOOK_NOT_CONFIGURED('Stripe webhooks are not configured');
      }
      let event: CheckoutEvent;
      try {
        event = stripe.verifyEvent(rawBody, signature, webhookSecret);
      } catch {
        throw paymentsErrors.STRIPE_SIGNATURE_INVALID('Invalid Stripe signature');
      }
      return handleEvent(event, 'stripe');
    },

    /** GET /api/payments/test-checkout/:sessionId: what the test checkout page shows. */
    async testCheckout(sessionId: string): Promise<TestCheckout> {
      const { session, order, itemNumber } = await testSession(sessionId);
      return {
        sessionId: session.sessionId,
        orderId: order.orderId,
        productName: order.productName,
        itemNumber,
        amount: session.amount,
        currency: session.currency,
        customerEmail: session.customerEmail,
        status: session.status,
        paymentStatus: session.paymentStatus,
        cancelUrl: orderPage(order.id),
      };
    },

    /**
     * POST /api/payments/test-checkout/:sessionId: the tester's choice becomes the event Stripe would
     * send, handled by the same handler as a verified Stripe webhook.
     */
    async completeTestCheckout(sessionId: string, outcome: TestCheckoutOutcome): Promise<TestCheckoutResult> {
      const { session, order } = await testSession(sessionId);
      if (!allowsOutcome(session, outcome))
        throw paymentsErrors.TEST_PAYMENT_FINISHED('This test payment is already finished');
      await handleEvent(testCheckoutEvent(outcome, session, order.orderId), 'test-checkout');
      const [after] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, session.id));
      return {
        status: after?.status ?? session.status,
        paymentStatus: after?.paymentStatus ?? session.paymentStatus,
        redirectUrl: outcome === 'cancel' ? orderPage(order.id) : successPage(session.sessionId),
      };
    },

    /**
     * POST /api/stripe/update-key: saves the Stripe secret key (never echoed). The masked value the
     * settings page shows keeps the saved key; an empty one removes it, so the environment's applies.
     */
    async updateStripeKey(key: string, actor: AuditActor): Promise<string> {
      if (isMaskedSecret(key)) return 'Stripe key unchanged';
      if (key !== '' && !STRIPE_SECRET_KEY_PATTERN.test(key)) {
        const message = 'Enter a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)';
        throw paymentsErrors.STRIPE_KEY_INVALID(message, { fields: { key: message } });
      }
      await settings.save('integrations', { stripeSecretKey: key }, undefined, actor);
      return key === '' ? 'Stripe key removed' : 'Stripe key updated';
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
