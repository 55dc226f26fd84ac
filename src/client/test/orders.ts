/** Order, unit and event answers as the server sends them, for the screens' tests. */
import { orderMoney } from '../../shared/schemas/money.js';
import type { OrderDto, OrderEventDto, OrderItemDto } from '../../shared/schemas/orders.js';

const AT = '2025-06-01T10:00:00.000Z';

export function makeItem(overrides: Partial<OrderItemDto> = {}): OrderItemDto {
  return {
    id: 100 + (overrides.itemNumber ?? 1),
    orderId: 1,
    itemNumber: 1,
    status: 'ORDER_PLACED',
    currentStageData: {},
    deliveryDate: null,
    statusChangedAt: AT,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

/**
 * An order whose units are made from `items` (or, with none given, quantity units at its status); its
 * money is computed from them as the server computes it, unless the test gives its own.
 */
export function makeOrder(overrides: Partial<OrderDto> = {}): OrderDto {
  const id = overrides.id ?? 1;
  const quantity = overrides.quantity ?? 1;
  const status = overrides.status ?? 'ORDER_PLACED';
  const order = {
    id,
    orderId: `VH10${id}`,
    userId: 7,
    productName: 'Studio 240',
    quantity,
    orderDate: AT,
    status,
    shippingAddress: null,
    zipCode: null,
    phoneNumber: null,
    paymentMethod: null,
    transactionId: null,
    amount: null,
    currentStageData: {},
    deliveryDate: null,
    createdAt: AT,
    updatedAt: AT,
    items: Array.from({ length: quantity }, (_, i) =>
      makeItem({ id: id * 100 + i + 1, orderId: id, itemNumber: i + 1, status }),
    ),
    ...overrides,
  };
  const units = order.items.map((item) => ({
    itemNumber: item.itemNumber,
    status: item.status,
    stageData: item.currentStageData,
  }));
  return { ...order, money: overrides.money ?? orderMoney(order, units) };
}

export function makeStatusEvent(
  data: Record<string, unknown>,
  overrides: Partial<OrderEventDto> = {},
): OrderEventDto {
  return {
    id: 1,
    orderId: 1,
    orderItemId: null,
    timestamp: AT,
    stage: null,
    type: 'ORDER_ITEM_STATUS_UPDATED',
    data: { type: 'ORDER_ITEM_STATUS_UPDATED', ...data },
    initiatedBy: 'admin',
    ...overrides,
  };
}
