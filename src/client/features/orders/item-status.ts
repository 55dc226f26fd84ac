/**
 * Which status, stage data and delivery date a unit shows: the fetched units first, then the order's
 * embedded units, then the latest event, then the order's own status. Pure, so the order of the sources
 * is tested without a screen.
 */
import type { OrderDto, OrderEventDto, OrderItemDto, StageDataDto } from '../../../shared/schemas/orders.js';
import { isStage, type Stage } from '../../../shared/stages.js';

export const ITEM_STATUS_EVENT = 'ORDER_ITEM_STATUS_UPDATED';

/** One unit of an order as a card shows it, whichever source its status came from. */
export interface OrderUnit {
  itemNumber: number;
  /** The unit's record when the server sent one; actions that name the unit need its id. */
  item: OrderItemDto | undefined;
  status: Stage;
  stageData: StageDataDto;
  /**
   * The unit's own delivery day, else its stage data's. Never the order's: a day booked for one unit
   * is not the others' (decision 239).
   */
  deliveryDate: string | null;
}

export interface StatusSources {
  /** GET /api/orders/:id/items, when it was fetched. */
  fetchedItems?: readonly OrderItemDto[] | undefined;
  /** GET /api/orders/:id/events, when it was fetched (only while a card is expanded). */
  events?: readonly OrderEventDto[] | undefined;
}

/** The status of the newest ORDER_ITEM_STATUS_UPDATED event naming this unit by number or id. */
export function latestEventStatus(
  events: readonly OrderEventDto[],
  itemNumber: number,
  itemId?: number,
): Stage | undefined {
  let latest: { status: Stage; time: number } | undefined;
  for (const event of events) {
    const data = event.data;
    if ((data.type ?? event.type) !== ITEM_STATUS_EVENT) continue;
    const namesUnit = data.itemNumber === itemNumber || (itemId !== undefined && data.orderItemId === itemId);
    if (!namesUnit || typeof data.status !== 'string' || !isStage(data.status)) continue;
    const time = Date.parse(event.timestamp);
    // Events come oldest first; on equal or unreadable times the later one in the list wins.
    if (!latest || !(time < latest.time)) latest = { status: data.status, time };
  }
  return latest?.status;
}

/**
 * The unit's status from, in order: the fetched item list, the order's embedded items, the latest
 * event-log entry for the unit, the order's status.
 */
export function resolveUnit(order: OrderDto, itemNumber: number, sources: StatusSources = {}): OrderUnit {
  const item =
    sources.fetchedItems?.find((i) => i.itemNumber === itemNumber) ??
    order.items.find((i) => i.itemNumber === itemNumber);
  const status = item?.status ?? latestEventStatus(sources.events ?? [], itemNumber) ?? order.status;
  const stageData = item?.currentStageData ?? order.currentStageData ?? {};
  const stageDelivery = typeof stageData.deliveryDate === 'string' ? stageData.deliveryDate : null;
  return {
    itemNumber,
    item,
    status,
    stageData,
    deliveryDate: item?.deliveryDate || stageDelivery || null,
  };
}

/** How many units an order has: its quantity (default 1), or more if the server holds more items. */
export function unitCount(order: Pick<OrderDto, 'quantity' | 'items'>): number {
  const highestItem = Math.max(0, ...order.items.map((i) => i.itemNumber));
  return Math.max(order.quantity || 1, highestItem);
}

/** An order of quantity N as N units on My Orders, item numbers 1 to N. */
export function orderUnits(order: OrderDto, sources: StatusSources = {}): OrderUnit[] {
  return Array.from({ length: unitCount(order) }, (_, i) => resolveUnit(order, i + 1, sources));
}
