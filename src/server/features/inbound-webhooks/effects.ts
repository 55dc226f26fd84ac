import { sql } from 'drizzle-orm';
import { isPaidStatus } from '../../../shared/schemas/orders.js';
import type {
  CreateOrderPayload,
  DeliveryDatePayload,
  DocumentSigningPayload,
  LocationBulkPayload,
  LocationGlobalPayload,
  LocationOrderPayload,
  OrderStatusPayload,
  PaymentPayload,
} from '../../../shared/schemas/webhook-payloads.js';
import { parseStage, STAGE_LABELS, type Stage, stageIndex } from '../../../shared/stages.js';
import { orderName, unitName } from '../../../shared/unit-name.js';
import type { Executor } from '../../db/client.js';
import { bookedUnitIds } from '../delivery-booking/index.js';
import { recordFinancingDecision } from '../financing/index.js';
import { enqueueAdminNotice } from '../notifications/index.js';
import {
  type Actor,
  findOrderByNumber,
  findOrderId,
  findOrder as findOrderRow,
  type Order,
  type OrderItem,
  type OrderWriter,
  type StageData,
  unitsOfOrder,
} from '../orders/index.js';
import type { ServiceAreaService } from '../service-areas/index.js';
import { readSettingsIn } from '../settings/index.js';
import { webhooksErrors } from './errors.js';

/** What the log row of a delivery learns while the delivery is applied (kept even when it fails). */
export interface Trace {
  orderId: number | null;
  stage: string | null;
}

export interface EffectContext {
  tx: Executor;
  now: Date;
  actor: Extract<Actor, { kind: 'webhook' }>;
  trace: Trace;
  orders: OrderWriter;
  serviceAreas: Pick<ServiceAreaService, 'unlockOrders' | 'enableCodes'>;
}

/** What a delivery did: its answer's body, and whether it created something (answered 201). */
export interface Outcome {
  created?: boolean;
  body: Record<string, unknown>;
}

/** Keeps only the defined values, so optional fields never overwrite stored ones with nothing. */
function defined(data: Record<string, unknown>): StageData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** The order a payload names, locked for the rest of the transaction; 404 when there is none. */
async function findOrder(ctx: EffectContext, ref: string | number): Promise<Order> {
  const id = await findOrderId(ctx.tx, ref);
  if (id === undefined) throw webhooksErrors.ORDER_NOT_FOUND(`Order ${ref} not found`);
  ctx.trace.orderId = id;
  return ctx.orders.lock(ctx.tx, id);
}

interface UnitRef {
  itemId?: number | string;
  itemNumber?: number;
}

/**
 * The units a payload names: `itemId` (internal id) or `itemNumber`; with neither, all.
 * `itemNumbers` is undefined for "every unit", as a status change expects.
 */
async function findUnits(ctx: EffectContext, order: Order, ref: UnitRef) {
  const units = await unitsOfOrder(ctx.tx, order.id);
  if (ref.itemId === undefined && ref.itemNumber === undefined) {
    return { units, itemNumbers: undefined, single: undefined };
  }
  const itemId = ref.itemId === undefined ? undefined : Number(ref.itemId);
  const unit = units.find(
    (u) =>
      (itemId === undefined || u.id === itemId) &&
      (ref.itemNumber === undefined || u.itemNumber === ref.itemNumber),
  );
  if (!unit) {
    // A unit number is answered with the unit's name; an itemId, which names no unit to people, as sent.
    const missing =
      itemId === undefined && ref.itemNumber !== undefined
        ? `${unitName(order.orderId, ref.itemNumber)} does not exist`
        : `No unit of order ${orderName(order.orderId)} has itemId ${ref.itemId}`;
    throw webhooksErrors.ORDER_ITEM_NOT_FOUND(missing);
  }
  return { units: [unit], itemNumbers: [unit.itemNumber], single: unit };
}

async function mergeStageData(
  ctx: EffectContext,
  order: Order,
  units: readonly OrderItem[],
  data: StageData,
) {
  await ctx.orders.setUnitDetails(
    ctx.tx,
    order.id,
    units.map((u) => u.id),
    { stageData: data },
    ctx.now,
  );
}

function moved(
  order: Order,
  changed: readonly unknown[],
  message: string,
  extra: Record<string, unknown> = {},
) {
  return {
    body: { success: true, message, orderId: order.orderId, ...extra, updatedItems: changed.length },
  };
}

export async function orderStatus(ctx: EffectContext, data: OrderStatusPayload): Promise<Outcome> {
  const stage = parseStage(data.status);
  if (!stage) {
    throw webhooksErrors.UNKNOWN_STATUS(`Unknown status: ${data.status}`, {
      fields: { status: `Unknown status: ${data.status}` },
    });
  }
  ctx.trace.stage = stage;
  const order = await findOrder(ctx, data.orderId);
  const { units, itemNumbers } = await findUnits(ctx, order, data);
  const { allowBackwardMoves } = await readSettingsIn(ctx.tx, 'integrations');
  if (!allowBackwardMoves) refuseBackwardMoves(order, units, stage);
  const { changed, order: updated } = await ctx.orders.changeStatus(
    ctx.tx,
    {
      orderId: order.id,
      itemNumbers,
      to: stage,
      rule: 'set',
      actor: ctx.actor,
      stageData: data.stageData ? defined(data.stageData) : undefined,
      // An allowed move back is kept in the unit's history as a correction, never silently.
      markCorrections: true,
    },
    ctx.now,
  );
  return moved(order, changed, 'Order status updated', { status: stage, orderStatus: updated.status });
}

/**
 * Partners move units forward only (decision 267): a move to an earlier stage than a named unit's is
 * refused with 409 STAGE_BACKWARD naming the unit and its current stage, unless Settings →
 * Integrations allows backward moves. The refusal is logged with the delivery like every refusal.
 */
function refuseBackwardMoves(order: Order, units: readonly OrderItem[], to: Stage) {
  const ahead = units.filter((unit) => stageIndex(unit.status) > stageIndex(to));
  const [first] = ahead;
  if (!first) return;
  const current = STAGE_LABELS[first.status];
  const where =
    ahead.length === 1
      ? `${unitName(order.orderId, first.itemNumber)} is at ${current}`
      : `Order ${orderName(order.orderId)} has units at ${[...new Set(ahead.map((unit) => STAGE_LABELS[unit.status]))].join(', ')}`;
  throw webhooksErrors.STAGE_BACKWARD(
    `${where}: a partner cannot move it back to ${STAGE_LABELS[to]}. Staff can allow backward moves in Settings → Integrations.`,
    {
      fields: { status: `Earlier than the current stage, ${current}` },
      details: {
        currentStage: first.status,
        units: ahead.map((unit) => ({ itemNumber: unit.itemNumber, status: unit.status })),
      },
    },
  );
}

export async function documentSigning(ctx: EffectContext, data: DocumentSigningPayload): Promise<Outcome> {
  const order = await findOrder(ctx, data.orderId);
  const { units, itemNumbers, single } = await findUnits(ctx, order, data);
  const ready = data.documentStatus === 'ready';
  // The customer's signing dialog reads `documentUrl` (with documentStatus 'ready'); once signed the
  // same key holds the final document, also kept as `signedDocumentUrl`.
  const stageData = ready
    ? { documentStatus: 'ready', documentUrl: data.documentUrl, expiresAt: data.expiresAt }
    : {
        documentStatus: 'signed',
        documentUrl: data.documentUrl,
        signedDocumentUrl: data.documentUrl,
        signedBy: data.signedBy,
        signedAt: data.signedAt,
      };
  // Recorded on every named unit, also one already past the stage (a new version of the document).
  await mergeStageData(ctx, order, units, defined(stageData));
  const { changed } = await ctx.orders.changeStatus(
    ctx.tx,
    {
      orderId: order.id,
      itemNumbers,
      to: ready ? 'DOCUMENTS_SIGNING' : 'FINANCING_PAYMENT',
      rule: 'forward',
      actor: ctx.actor,
    },
    ctx.now,
  );
  await enqueueAdminNotice(
    ctx.tx,
    {
      kind: 'document-signing',
      orderId: order.id,
      orderItemId: single?.id,
      itemNumber: single?.itemNumber,
      documentStatus: data.documentStatus,
    },
    ctx.now,
  );
  return moved(order, changed, ready ? 'Document ready for signing' : 'Signed document stored', {
    documentStatus: data.documentStatus,
  });
}

/**
 * Payment state lives where the card checkout keeps it (features/payments/checkout-events.ts): on the
 * unit's stage data (paymentStatus 'paid' once successful, transactionId, paidAt) and on the order
 * (transactionId, paymentMethod). A paid unit is never set back by a later failed or pending message.
 */
export async function payment(ctx: EffectContext, data: PaymentPayload): Promise<Outcome> {
  const order = await findOrder(ctx, data.orderId);
  const { units, itemNumbers, single } = await findUnits(ctx, order, data);
  const unpaid = units.filter((u) => !isPaidStatus(u.currentStageData.paymentStatus));
  const successful = data.paymentStatus === 'successful';
  const paymentData = defined({
    paymentStatus: successful ? 'paid' : data.paymentStatus,
    paymentType: data.paymentType,
    transactionId: data.transactionId,
    paymentAmount: data.amount,
    currency: data.currency?.toLowerCase(),
    financingProvider: data.financingProvider,
    termLength: data.termLength,
    processedAt: data.processedAt,
    paidAt: successful ? (data.processedAt ?? ctx.now.toISOString()) : undefined,
  });
  await mergeStageData(ctx, order, unpaid, paymentData);
  let changed: readonly unknown[] = [];
  if (successful) {
    await ctx.orders.setDetails(
      ctx.tx,
      order.id,
      {
        transactionId: data.transactionId,
        paymentMethod: data.paymentType,
        // The order's total stays what it was; an order without one takes the amount paid.
        amount: order.amount ?? (data.amount === undefined ? null : String(data.amount)),
      },
      ctx.now,
    );
    ({ changed } = await ctx.orders.changeStatus(
      ctx.tx,
      {
        orderId: order.id,
        itemNumbers,
        to: 'SITE_PREP',
        rule: 'forward',
        onlyFrom: ['FINANCING_PAYMENT'],
        actor: ctx.actor,
      },
      ctx.now,
    ));
  }
  // A provider's decision on a financing application (decision 270): approved moves the unit above,
  // as a paid deposit does; declined leaves it waiting for its payment.
  if (data.paymentType === 'finance' && data.paymentStatus !== 'pending') {
    await recordFinancingDecision(ctx.tx, { order, units, approved: successful, now: ctx.now });
  }
  await enqueueAdminNotice(
    ctx.tx,
    {
      kind: 'payment',
      orderId: order.id,
      orderItemId: single?.id,
      itemNumber: single?.itemNumber,
      paymentStatus: data.paymentStatus,
      amount: data.amount === undefined ? null : String(data.amount),
    },
    ctx.now,
  );
  return moved(order, changed, 'Payment recorded', { paymentStatus: data.paymentStatus });
}

function enablesLocation(data: { validationResult: string; locationEnabled: boolean }) {
  return data.validationResult === 'valid' && data.locationEnabled;
}

export async function locationForOrder(ctx: EffectContext, data: LocationOrderPayload): Promise<Outcome> {
  const order = await findOrder(ctx, data.orderId);
  const { itemNumbers } = await findUnits(ctx, order, data);
  if (!enablesLocation(data)) {
    return moved(order, [], 'Location not enabled: nothing changed', { locationEnabled: false });
  }
  const { changed } = await ctx.orders.changeStatus(
    ctx.tx,
    {
      orderId: order.id,
      itemNumbers,
      to: 'LOCATION_ENABLED',
      rule: 'forward',
      actor: ctx.actor,
      stageData: defined({
        validatedZipCode: data.zipCode,
        region: data.region,
        serviceAvailable: data.serviceAvailable,
      }),
    },
    ctx.now,
  );
  return moved(order, changed, 'Location enabled', { locationEnabled: true });
}

async function enableZipCodes(
  ctx: EffectContext,
  codes: string[],
  data: LocationBulkPayload | LocationGlobalPayload,
) {
  if (!enablesLocation(data)) {
    // The system only moves forward: an invalid location removes nothing from the service areas.
    return {
      body: {
        success: true,
        message: 'Location not enabled: nothing changed',
        added: [],
        updatedOrders: 0,
        updatedItems: 0,
      },
    };
  }
  const { added, updatedOrders, updatedItems } = await ctx.serviceAreas.enableCodes(ctx.tx, codes);
  return {
    body: {
      success: true,
      message: added.length > 0 ? `Enabled ${added.join(', ')}` : 'Already enabled',
      added,
      updatedOrders,
      updatedItems,
    },
  };
}

export async function locationGlobal(ctx: EffectContext, data: LocationGlobalPayload): Promise<Outcome> {
  return enableZipCodes(ctx, [data.zipCode], data);
}

export async function locationBulk(ctx: EffectContext, data: LocationBulkPayload): Promise<Outcome> {
  return enableZipCodes(ctx, data.zipCodes, data);
}

/**
 * The delivery-date webhook. Naming a unit (itemId or itemNumber) sets that unit's date, booked or
 * not: the partner carrying it has the last word. The order-level call sets every unit without a
 * booking of its own, so a day the customer booked is never overwritten by the order's date
 * (decision 239); the answer lists which units it set and which kept their booking.
 */
export async function deliveryDate(ctx: EffectContext, data: DeliveryDatePayload): Promise<Outcome> {
  const order = await findOrder(ctx, data.orderId);
  const { units, single } = await findUnits(ctx, order, data);
  const booked = single
    ? new Set<number>()
    : await bookedUnitIds(
        ctx.tx,
        units.map((unit) => unit.id),
      );
  const targets = units.filter((unit) => !booked.has(unit.id));
  const keptBooking = units.filter((unit) => booked.has(unit.id)).map((unit) => unit.itemNumber);
  const date = new Date(data.deliveryDate);
  const details = defined({
    deliveryWindow: data.deliveryWindow,
    trackingNumber: data.trackingNumber,
    carrierName: data.carrierName,
    specialInstructions: data.specialInstructions,
  });
  const extra = {
    deliveryDate: date.toISOString(),
    itemNumbers: targets.map((unit) => unit.itemNumber),
    keptBooking,
  };
  if (targets.length === 0) {
    return moved(order, [], 'Every unit of this order has a booked delivery day; none was changed', extra);
  }
  await ctx.orders.setUnitDetails(
    ctx.tx,
    order.id,
    targets.map((unit) => unit.id),
    { deliveryDate: date, stageData: details },
    ctx.now,
  );
  const { changed } = await ctx.orders.changeStatus(
    ctx.tx,
    {
      orderId: order.id,
      itemNumbers: targets.map((unit) => unit.itemNumber),
      to: 'DELIVERY_DATE_CONFIRMED',
      rule: 'forward',
      actor: ctx.actor,
    },
    ctx.now,
  );
  return moved(order, changed, 'Delivery date stored', extra);
}

function orderSummary(order: Order) {
  return {
    id: order.id,
    orderId: order.orderId,
    status: order.status,
    userId: order.userId,
    quantity: order.quantity,
  };
}

/** Idempotent on the business id: a second message for the same orderId answers the order it made. */
export async function createOrderFromWebhook(ctx: EffectContext, data: CreateOrderPayload): Promise<Outcome> {
  // Two concurrent messages for one new orderId queue here instead of one failing on the unique index.
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-order:${data.orderId}`}))`);
  const existing = await findOrderByNumber(ctx.tx, data.orderId);
  if (existing) {
    ctx.trace.orderId = existing.id;
    return {
      body: { success: true, message: 'Order already exists', created: false, order: orderSummary(existing) },
    };
  }
  const { order } = await ctx.orders.create(
    ctx.tx,
    {
      orderId: data.orderId,
      productName: data.productName,
      quantity: data.quantity,
      email: data.email,
      orderDate: data.orderDate ? new Date(data.orderDate) : ctx.now,
      zipCode: data.zipCode,
      phoneNumber: data.phoneNumber,
      amount: data.amount === undefined ? null : String(data.amount),
      paymentMethod: data.paymentMethod,
      transactionId: data.transactionId,
    },
    ctx.actor,
    ctx.now,
  );
  ctx.trace.orderId = order.id;
  await ctx.serviceAreas.unlockOrders(ctx.tx, [order.id]);
  const current = await findOrderRow(ctx.tx, order.id);
  return {
    created: true,
    body: { success: true, message: 'Order created', created: true, order: orderSummary(current ?? order) },
  };
}
