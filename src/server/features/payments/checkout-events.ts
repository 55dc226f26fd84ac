import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isPaidStatus } from '../../../shared/schemas/orders.js';
import type { Db, Executor } from '../../db/client.js';
import { type PaymentSession, paymentSessions, processedDeliveries } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { enqueueAdminNotice } from '../notifications/index.js';
import { type Actor, findUnit, type OrderItem, type OrderWriter, type StageData } from '../orders/index.js';
import { intentId } from './stripe-provider.js';

/** A Stripe event (or the test checkout's copy of one) after its signature was checked. */
export interface CheckoutEvent {
  id: string;
  type: string;
  data: { object: unknown };
}

/** The fields of a Checkout Session the handler reads. */
const checkoutSessionObject = z.object({
  id: z.string(),
  payment_status: z.string(),
  status: z.string().nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
  amount_total: z.number().nullish(),
  currency: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  customer_details: z.object({ email: z.string().nullish() }).nullish(),
});
type CheckoutSessionObject = z.infer<typeof checkoutSessionObject>;

type Outcome =
  | { kind: 'paid'; paymentMethod: string }
  | { kind: 'processing' }
  | { kind: 'failed' }
  | { kind: 'expired' };

/**
 * What an event means for the deposit. A card is paid when the checkout completes; a US bank account
 * completes 'unpaid' and is paid (or not) days later by an async_payment event, so which of the two
 * paid follows from the event (no extra call to Stripe).
 */
function outcomeOf(type: string, session: CheckoutSessionObject): Outcome | null {
  switch (type) {
    case 'checkout.session.completed':
      if (session.payment_status === 'paid') return { kind: 'paid', paymentMethod: 'card' };
      if (session.payment_status === 'unpaid') return { kind: 'processing' };
      return null;
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'paid', paymentMethod: 'us_bank_account' };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed' };
    case 'checkout.session.expired':
      return { kind: 'expired' };
    default:
      return null;
  }
}

export type EventResult = 'applied' | 'duplicate' | 'ignored';

/**
 * The one handler of payment events, for Stripe's verified webhooks and the test checkout alike. Each
 * event is claimed in `processed_deliveries` in the same transaction as its effect, so a repeated or
 * concurrent delivery of the same event changes nothing. A paid deposit records the payment on the
 * unit and the order and moves the unit FINANCING_PAYMENT → SITE_PREP; a paid unit is never set back.
 */
export function createCheckoutEventHandler({
  db,
  clock,
  log,
  orders: writer,
}: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  orders: OrderWriter;
}) {
  async function mergeStageData(tx: Executor, item: OrderItem, data: StageData, now: Date) {
    await writer.setUnitDetails(tx, item.orderId, [item.id], { stageData: data }, now);
  }

  /** The unit under its order's lock, so concurrent changes to the order queue up behind this one. */
  async function lockedUnit(tx: Executor, row: PaymentSession): Promise<OrderItem | undefined> {
    await writer.lock(tx, row.orderId);
    return findUnit(tx, row.orderItemId);
  }

  async function markPaid(
    tx: Executor,
    row: PaymentSession,
    payment: { transactionId: string; paymentMethod: string },
    now: Date,
  ) {
    const item = await lockedUnit(tx, row);
    if (!item) return;
    if (isPaidStatus(item.currentStageData.paymentStatus)) {
      // Two checkouts of one unit both paid (two tabs): the money arrived twice, staff must refund one.
      log.warn(
        { orderId: row.orderId, orderItemId: row.orderItemId, sessionId: row.sessionId },
        'a deposit was paid for a unit already paid: refund this payment in Stripe',
      );
      return;
    }
    const paymentData = {
      paymentStatus: 'paid',
      transactionId: payment.transactionId,
      paymentMethod: payment.paymentMethod,
      paymentSessionId: row.sessionId,
      paidAt: now.toISOString(),
    };
    // Recorded even when the unit has already left FINANCING_PAYMENT (an admin moved it on).
    await mergeStageData(tx, item, paymentData, now);
    await writer.setDetails(
      tx,
      row.orderId,
      { transactionId: payment.transactionId, paymentMethod: payment.paymentMethod },
      now,
    );
    const actor: Actor = row.provider === 'stripe' ? { kind: 'stripe' } : { kind: 'system' };
    await writer.changeStatus(
      tx,
      {
        orderId: row.orderId,
        itemNumbers: [item.itemNumber],
        to: 'SITE_PREP',
        rule: 'forward',
        onlyFrom: ['FINANCING_PAYMENT'],
        actor,
        stageData: paymentData,
      },
      now,
    );
    await enqueueAdminNotice(
      tx,
      {
        kind: 'payment',
        orderId: row.orderId,
        orderItemId: row.orderItemId,
        itemNumber: item.itemNumber,
        paymentStatus: 'paid',
        amount: `${(row.amount / 100).toFixed(2)} ${row.currency.toUpperCase()}`,
      },
      now,
    );
  }

  /** A payment status short of paid (bank funds pending, failed) for the unit, unless it is paid. */
  async function markUnpaid(tx: Executor, row: PaymentSession, paymentStatus: string, now: Date) {
    const item = await lockedUnit(tx, row);
    if (!item || isPaidStatus(item.currentStageData.paymentStatus)) return;
    await mergeStageData(tx, item, { paymentStatus, paymentSessionId: row.sessionId }, now);
  }

  async function apply(
    tx: Executor,
    row: PaymentSession,
    outcome: Outcome,
    session: CheckoutSessionObject,
    now: Date,
  ): Promise<EventResult> {
    const paymentIntentId = intentId(session.payment_intent) ?? row.paymentIntentId;
    const customerEmail = session.customer_details?.email ?? row.customerEmail;
    const update = (values: Partial<PaymentSession>) =>
      tx
        .update(paymentSessions)
        .set({ ...values, updatedAt: now })
        .where(eq(paymentSessions.id, row.id));

    // Events may arrive out of order: nothing that follows a payment undoes it.
    if (row.paymentStatus === 'paid') return 'ignored';
    switch (outcome.kind) {
      case 'paid':
        await update({
          status: 'complete',
          paymentStatus: 'paid',
          paymentIntentId,
          customerEmail,
          paymentMethodTypes: [outcome.paymentMethod],
        });
        await markPaid(
          tx,
          row,
          { transactionId: paymentIntentId ?? row.sessionId, paymentMethod: outcome.paymentMethod },
          now,
        );
        return 'applied';
      case 'processing':
        // A late 'completed' after the bank payment already failed says nothing new.
        if (row.paymentStatus !== 'unpaid') return 'ignored';
        await update({
          status: 'complete',
          paymentStatus: 'processing',
          paymentIntentId,
          customerEmail,
          paymentMethodTypes: ['us_bank_account'],
        });
        await markUnpaid(tx, row, 'processing', now);
        return 'applied';
      case 'failed':
        await update({ status: 'complete', paymentStatus: 'failed', paymentIntentId, customerEmail });
        await markUnpaid(tx, row, 'failed', now);
        return 'applied';
      case 'expired':
        if (row.status !== 'open') return 'ignored';
        await update({ status: 'expired' });
        return 'applied';
    }
  }

  return async function handle(
    event: CheckoutEvent,
    source: 'stripe' | 'test-checkout',
  ): Promise<EventResult> {
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(processedDeliveries)
        .values({ key: `stripe:${event.id}`, source, statusCode: 200, response: { received: true } })
        .onConflictDoNothing({ target: processedDeliveries.key })
        .returning({ key: processedDeliveries.key });
      if (!claimed) return 'duplicate';

      const parsed = checkoutSessionObject.safeParse(event.data.object);
      const outcome = parsed.success ? outcomeOf(event.type, parsed.data) : null;
      if (!parsed.success || !outcome) return 'ignored';
      const session = parsed.data;

      const [row] = await tx
        .select()
        .from(paymentSessions)
        .where(eq(paymentSessions.sessionId, session.id))
        .for('update');
      if (!row) {
        // A checkout of this Stripe account that this product did not start.
        log.info({ eventId: event.id, type: event.type }, 'payment event for an unknown checkout ignored');
        return 'ignored';
      }
      const matches =
        session.metadata?.itemId === String(row.orderItemId) &&
        (session.amount_total == null || session.amount_total === row.amount) &&
        (session.currency == null || session.currency === row.currency);
      if (!matches) {
        log.warn(
          { eventId: event.id, sessionId: row.sessionId },
          'payment event does not match its checkout (unit, amount or currency): ignored',
        );
        return 'ignored';
      }
      return apply(tx, row, outcome, session, clock.now());
    });
  };
}

export type CheckoutEventHandler = ReturnType<typeof createCheckoutEventHandler>;
