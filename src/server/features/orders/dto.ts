import { orderMoney } from '../../../shared/schemas/money.js';
import type {
  EventActor,
  OrderDto,
  OrderEventDto,
  OrderItemDto,
  ShippingAddressDto,
} from '../../../shared/schemas/orders.js';
import type { EventLog, Order } from '../../db/schema/orders.js';
import type { EstimatedItem } from './service.js';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function toItemDto(item: EstimatedItem): OrderItemDto {
  return {
    id: item.id,
    orderId: item.orderId,
    itemNumber: item.itemNumber,
    status: item.status,
    currentStageData: item.currentStageData,
    deliveryDate: isoOrNull(item.deliveryDate),
    statusChangedAt: iso(item.statusChangedAt),
    createdAt: iso(item.createdAt),
    updatedAt: iso(item.updatedAt),
    ...(item.estimate && { estimate: item.estimate }),
  };
}

export function toOrderDto(order: Order): Omit<OrderDto, 'items'>;
export function toOrderDto(order: Order, items: EstimatedItem[]): OrderDto;
export function toOrderDto(order: Order, items?: EstimatedItem[]) {
  return {
    id: order.id,
    orderId: order.orderId,
    userId: order.userId,
    productName: order.productName,
    quantity: order.quantity,
    orderDate: iso(order.orderDate),
    status: order.status,
    shippingAddress: (order.shippingAddress ?? null) as ShippingAddressDto | null,
    zipCode: order.zipCode,
    phoneNumber: order.phoneNumber,
    paymentMethod: order.paymentMethod,
    transactionId: order.transactionId,
    amount: order.amount,
    currentStageData: order.currentStageData,
    deliveryDate: isoOrNull(order.deliveryDate),
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    ...(items && {
      items: items.map(toItemDto),
      money: orderMoney(
        order,
        items.map((item) => ({
          itemNumber: item.itemNumber,
          status: item.status,
          stageData: item.currentStageData,
        })),
      ),
    }),
  };
}

const ACTOR_KINDS: readonly EventActor[] = ['admin', 'customer', 'webhook', 'stripe', 'system'];

/** 'admin:12' → 'admin': customers learn what kind of actor it was, not who (decision 21). */
export function actorKind(initiatedBy: string): EventActor {
  const kind = initiatedBy.split(':')[0] as EventActor;
  return ACTOR_KINDS.includes(kind) ? kind : 'system';
}

export function toEventDto(event: EventLog): OrderEventDto {
  return {
    id: event.id,
    orderId: event.orderId,
    orderItemId: event.orderItemId,
    timestamp: iso(event.timestamp),
    stage: event.stage,
    type: event.type,
    data: event.data,
    initiatedBy: actorKind(event.initiatedBy),
  };
}
