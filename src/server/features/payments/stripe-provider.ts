import Stripe from 'stripe';
import type { Locale } from '../../../shared/locales.js';

/** Stripe's webhook tolerance: a delivery signed more than 5 minutes ago is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The deposit checkout both providers start. */
export interface CheckoutRequest {
  /** Minor units (cents). */
  amount: number;
  currency: string;
  /** What the customer sees on the payment page. */
  description: string;
  customerEmail: string | null;
  metadata: { orderId: string; itemId: string };
  successUrl: string;
  cancelUrl: string;
  /** The customer's language, so the hosted payment page speaks it. */
  locale: Locale;
}

export interface StartedCheckout {
  sessionId: string;
  url: string;
  /** Stripe creates the payment intent only when the customer pays, so it is usually null here. */
  paymentIntentId: string | null;
  paymentMethodTypes: string[];
}

/** The provider could not be reached or refused the call; the customer may try again later. */
export class PaymentProviderError extends Error {}

/** The payment methods a deposit may be paid with: card, and US bank account (ACH, settles later). */
export const DEPOSIT_PAYMENT_METHODS = ['card', 'us_bank_account'] as const;

/** What is safe to log from a Stripe error: never its headers or raw body. */
function describe(err: unknown) {
  if (err instanceof Stripe.errors.StripeError) {
    return { type: err.type, code: err.code, statusCode: err.statusCode, message: err.message };
  }
  return { message: err instanceof Error ? err.message : String(err) };
}

/**
 * Stripe through its SDK. The key is passed per call (settings may change at runtime); one client is
 * kept per key. `apiBase` (STRIPE_API_BASE) points the SDK at another origin, e.g. the tests' stand-in.
 */
export function createStripeProvider({ apiBase }: { apiBase: string | undefined }) {
  const clients = new Map<string, Stripe>();
  const origin = apiBase ? new URL(apiBase) : null;

  function client(secretKey: string): Stripe {
    let found = clients.get(secretKey);
    if (!found) {
      // A key replaced in settings leaves its client behind; a handful at most is ever kept.
      if (clients.size >= 4) clients.clear();
      found = new Stripe(secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        ...(origin && {
          host: origin.hostname,
          port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
        }),
      });
      clients.set(secretKey, found);
    }
    return found;
  }

  return {
    /** A hosted Checkout Session for the deposit: card or US bank account, metadata orderId and itemId. */
    async createCheckout(secretKey: string, request: CheckoutRequest): Promise<StartedCheckout> {
      try {
        const session = await client(secretKey).checkout.sessions.create({
          mode: 'payment',
          allowed_payment_method_types: [...DEPOSIT_PAYMENT_METHODS],
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          ...(request.customerEmail && { customer_email: request.customerEmail }),
          client_reference_id: request.metadata.itemId,
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
          locale: request.locale,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
        if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
        return {
          sessionId: session.id,
          url: session.url,
          paymentIntentId: intentId(session.payment_intent),
          paymentMethodTypes: session.payment_method_types,
        };
      } catch (err) {
        throw new PaymentProviderError(JSON.stringify(describe(err)));
      }
    },

    /** The session as Stripe sees it now (read only). */
    async retrieveSession(secretKey: string, sessionId: string): Promise<Stripe.Checkout.Session> {
      try {
        return await client(secretKey).checkout.sessions.retrieve(sessionId);
      } catch (err) {
        throw new PaymentProviderError(JSON.stringify(describe(err)));
      }
    },

    /**
     * The event of a webhook delivery, once its signature and age are checked; throws otherwise. The
     * SDK refuses only deliveries signed too long ago; one signed further ahead than the tolerance
     * would stay replayable for that long, so it is refused here too.
     */
    verifyEvent(
      rawBody: Buffer,
      signature: string,
      webhookSecret: string,
      receivedAtMs = Date.now(),
    ): Stripe.Event {
      const event = Stripe.webhooks.constructEvent(
        rawBody,
        signature,
        webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAtMs,
      );
      const signedAt = signatureTimestamp(signature);
      if (signedAt === undefined || signedAt - Math.floor(receivedAtMs / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new Error('Stripe signature timestamp outside the tolerance zone');
      }
      return event;
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;

/** The `t=` of a Stripe-Signature header (seconds), which the signature covers. */
function signatureTimestamp(header: string): number | undefined {
  for (const item of header.split(',')) {
    const [name, value] = item.split('=', 2);
    if (name?.trim() === 't' && value && /^\d+$/.test(value.trim())) return Number(value.trim());
  }
  return undefined;
}

export function intentId(intent: string | { id: string } | null | undefined): string | null {
  if (!intent) return null;
  return typeof intent === 'string' ? intent : intent.id;
}
