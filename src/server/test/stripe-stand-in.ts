/**
 * A local stand-in for Stripe's API, for tests: the product's `stripe` SDK talks to it through
 * STRIPE_API_BASE exactly as it would to api.stripe.com (form-encoded POSTs under /v1, bearer key,
 * JSON answers and errors shaped like Stripe's). It plays the hosted checkout too: `pay()` settles a
 * session as a customer paying would, and `signedDelivery()` signs an event with the SDK's own
 * test-header helper, as Stripe signs its webhook deliveries.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  url: string | null;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  type: string;
  data: { object: StandInSession };
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The form body, decoded into nested objects and arrays as Stripe reads it. */
  params: Record<string, unknown>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  /** The secret key the request was made with. */
  secretKey: string;
}

export interface StripeStandIn {
  /** The origin to put in STRIPE_API_BASE. */
  url: string;
  /** The signing secret of the webhook endpoint this "account" delivers to. */
  webhookSecret: string;
  requests: RecordedStripeRequest[];
  sessions: Map<string, StandInSession>;
  /**
   * The customer finishes the hosted checkout: by card (paid at once) or by bank account (complete,
   * funds pending). Answers the `checkout.session.completed` event Stripe would then send.
   */
  pay(sessionId: string, options?: { method?: 'card' | 'bank'; email?: string }): StandInEvent;
  /** A bank payment's funds arrive or fail: the matching async_payment event. */
  settle(sessionId: string, outcome: 'succeeded' | 'failed'): StandInEvent;
  /** An event of any type about a session, as Stripe would build it. */
  event(type: string, session: StandInSession): StandInEvent;
  /** The raw body and Stripe-Signature header of a delivery, signed at `timestamp` (seconds). */
  signedDelivery(
    event: StandInEvent,
    options?: { timestamp?: number; secret?: string },
  ): { body: string; signature: string };
  close(): Promise<void>;
}

const ACCEPTED_KEY = /^(sk|rk)_test_/;

function stripeError(res: ServerResponse, status: number, error: Record<string, unknown>) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${token(8)}` });
  res.end(JSON.stringify({ error }));
}

function token(bytes: number) {
  return randomBytes(bytes).toString('hex');
}

/** `a[b][0][c]=1` → {a: {b: [{c: '1'}]}}: Stripe's form encoding of nested parameters. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const path = name.split(/\[|\]\[|\]/).filter((part, i) => i === 0 || part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arraysFromIndexes(v)] as const,
  );
  const isList = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (isList) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function masked(key: string) {
  return `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
}

interface LineItem {
  quantity?: string;
  price_data?: { currency?: string; unit_amount?: string };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const webhookSecret = `whsec_${token(16)}`;
  let origin = '';
  const now = () => Math.floor(Date.now() / 1000);

  function createSession(params: Record<string, unknown>, res: ServerResponse) {
    const lineItems = (params.line_items ?? []) as LineItem[];
    if (params.mode !== 'payment' || lineItems.length === 0 || !params.success_url) {
      return stripeError(res, 400, {
        type: 'invalid_request_error',
        message: 'mode=payment, line_items and success_url are required',
      });
    }
    const currency = lineItems[0]?.price_data?.currency ?? '';
    const amount = lineItems.reduce(
      (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
      0,
    );
    if (!Number.isSafeInteger(amount) || amount < 50) {
      return stripeError(res, 400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        message: 'The Checkout Session total amount due must add up to at least $0.50 usd',
      });
    }
    const id = `cs_test_${token(24)}`;
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created: now(),
      currency,
      customer_details: null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      mode: 'payment',
      payment_intent: null,
      payment_method_types: (params.allowed_payment_method_types ?? ['card']) as string[],
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(params.success_url),
      url: `${origin}/c/pay/${id}`,
    };
    sessions.set(id, session);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${token(8)}` });
    res.end(JSON.stringify(session));
  }

  function answerSession(id: string, res: ServerResponse) {
    const session = sessions.get(id);
    if (!session) {
      return stripeError(res, 404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'session',
        message: `No such checkout.session: '${id}'`,
      });
    }
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${token(8)}` });
    res.end(JSON.stringify(session));
  }

  const server = createServer((req, res) => {
    readBody(req)
      .then((body) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        const params = req.method === 'GET' ? {} : decodeStripeForm(body);
        const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        requests.push({
          method: req.method ?? 'GET',
          path,
          params,
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
          stripeVersion: req.headers['stripe-version'] as string | undefined,
          secretKey: key,
        });
        if (!ACCEPTED_KEY.test(key)) {
          return stripeError(res, 401, {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${masked(key)}`,
          });
        }
        if (req.method === 'POST' && path === '/v1/checkout/sessions') return createSession(params, res);
        const one = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
        if (one?.[1] && req.method === 'GET' && !one[2]) return answerSession(one[1], res);
        if (one?.[1] && req.method === 'POST' && one[2]) {
          const session = sessions.get(one[1]);
          if (session?.status === 'open') session.status = 'expired';
          return answerSession(one[1], res);
        }
        stripeError(res, 404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${path}).`,
        });
      })
      .catch((err: unknown) => {
        res.writeHead(500);
        res.end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function event(type: string, session: StandInSession): StandInEvent {
    return {
      id: `evt_${token(12)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(session) },
    };
  }

  function sessionOf(id: string) {
    const session = sessions.get(id);
    if (!session) throw new Error(`the stand-in has no session ${id}`);
    return session;
  }

  return {
    url: origin,
    webhookSecret,
    requests,
    sessions,
    event,
    pay(sessionId, { method = 'card', email } = {}) {
      const session = sessionOf(sessionId);
      session.status = 'complete';
      session.payment_status = method === 'card' ? 'paid' : 'unpaid';
      session.payment_intent = `pi_${token(12)}`;
      session.customer_details = { email: email ?? session.customer_email };
      return event('checkout.session.completed', session);
    },
    settle(sessionId, outcome) {
      const session = sessionOf(sessionId);
      if (outcome === 'succeeded') session.payment_status = 'paid';
      return event(`checkout.session.async_payment_${outcome}`, session);
    },
    signedDelivery(delivered, { timestamp = now(), secret = webhookSecret } = {}) {
      const body = JSON.stringify(delivered, null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
