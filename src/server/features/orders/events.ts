import type { Stage } from '../../../shared/stages.js';
import type { Order } from '../../db/schema/orders.js';
import type { EventBus } from '../../lib/event-bus.js';

/** Who asks for a change; recorded in `event_logs.initiated_by`. */
export type Actor =
  | { kind: 'admin'; userId: number }
  | { kind: 'customer'; userId: number }
  | { kind: 'webhook'; keyName: string }
  | { kind: 'stripe' }
  | { kind: 'system' };

export function initiatedBy(actor: Actor): string {
  switch (actor.kind) {
    case 'admin':
    case 'customer':
      return `${actor.kind}:${actor.userId}`;
    case 'webhook':
      return `webhook:${actor.keyName}`;
    default:
      return actor.kind;
  }
}

/**
 * The way a new order came in, which decides whether its customer is sent a confirmation (Settings →
 * Notifications: confirmWebhookOrders, confirmAdminOrders; the import has its own sendNotification
 * switch; seeded and system orders send none).
 */
export type OrderWay = 'webhook' | 'admin' | 'import' | 'system';

/** The way an actor's new order came in, when the caller does not name one (an import does). */
export function wayOf(actor: Actor): OrderWay {
  if (actor.kind === 'webhook') return 'webhook';
  if (actor.kind === 'admin') return 'admin';
  return 'system';
}

export interface UnitChange {
  itemId: number;
  itemNumber: number;
  from: Stage;
  to: Stage;
}

/**
 * What the orders module tells the rest of the product, once per committed change. Listeners are
 * subscribed where the app is composed; the orders module knows none of them.
 */
export type OrderEvent =
  | {
      type: 'order.created';
      orderId: number;
      orderNumber: string;
      actor: Actor;
      way: OrderWay;
      at: Date;
    }
  | {
      /** Units of one order moved to one stage (`changed` is never empty). */
      type: 'units.status_changed';
      /** The order after the change, with its new derived status. */
      order: Order;
      changed: UnitChange[];
      actor: Actor;
      /** False: the owner is not e-mailed (an import with sendNotification off, a seeded history). */
      notifyCustomer: boolean;
      at: Date;
    }
  | {
      /**
       * Every unit of many orders moved to one stage in one statement (a bulk job, decision 285):
       * listeners write their rows set-based rather than once per order. `orders` is never empty and
       * each order's `changed` is not either.
       */
      type: 'units.bulk_status_changed';
      to: Stage;
      orders: {
        id: number;
        orderNumber: string;
        userId: number | null;
        productName: string;
        quantity: number;
        /** The order's status after the change (every unit is at `to`). */
        status: Stage;
        changed: UnitChange[];
      }[];
      actor: Actor;
      notifyCustomer: boolean;
      at: Date;
    }
  | {
      /**
       * Orders were edited (their fields, their units' details) or deleted without a unit moving: for
       * the listeners that keep figures drawn from the orders (the dashboard).
       */
      type: 'orders.changed';
      orderIds: readonly number[];
    };

export type OrderEvents = EventBus<OrderEvent>;
