// What the orders module offers the rest of the product: reading orders, the one writer of orders,
// their units and their log, and the events it publishes.

export type { EventLog, Order, OrderItem, ShippingAddress, StageData } from '../../db/schema/orders.js';
export { type BulkSeedResult, seedBulkOrders } from './bulk-seed.js';
export {
  type BulkStatusChange,
  countOrdersMatching,
  lockOrdersMatching,
  type MovedOrder,
} from './bulk-status.js';
export type { NewOrder } from './create.js';
export { toItemDto, toOrderDto } from './dto.js';
export {
  type Actor,
  initiatedBy,
  type OrderEvent,
  type OrderEvents,
  type OrderWay,
  type UnitChange,
} from './events.js';
export {
  flowChanges,
  type InsightScope,
  ordersOfProduct,
  stageStays,
  throughputByWeek,
  unitsAwaitingDepositCount,
  unitsOfProduct,
  waitingUnits,
} from './insight-reads.js';
export {
  countOrdersOfCustomer,
  customerOrderTotals,
  findCustomerUnitSummary,
  findCustomerUnitWithEmail,
  findOrder,
  findOrderByNumber,
  findOrderForConfirmation,
  findOrderForStaffNotice,
  findOrderId,
  findTrackedOrder,
  findUnit,
  findUnitOrderId,
  lockCustomerOrder,
  lockLatestOrderOfCustomer,
  lockOrderRow,
  orderIdsByNumber,
  orderIdsOfCustomer,
  orderNumbersByIds,
  orderSummaries,
  ordersOfCustomer,
  placedOrderIdsInZipCodes,
  trackedUnitsOfOrder,
  unitsByOrderNumber,
  unitsOfOrder,
} from './lookups.js';
export {
  createOrderAtStages,
  type HistoricalOrder,
  type SeedUnit,
  seedOrder,
  seedOrderHistory,
  seedUnitDeliveryDates,
} from './seed.js';
export {
  createOrderService,
  type DeliveryEstimator,
  type OrderService,
  type Viewer,
} from './service.js';
export { type Bind, orderFilterWhere, orderSort } from './staff-filters.js';
export {
  dashboardFigures,
  dashboardQueries,
  deliveredUnitsSince,
  existingOrderIds,
  findStaffOrderRow,
  findUnitId,
  latestEventsOfOrder,
  type StaffOrderListShape,
  staffOrderColumns,
  staffOrderListQueries,
  statusChangesOfUnits,
  undeliveredUnitsQuery,
} from './staff-reads.js';
export type { StatusChange, StatusChangeResult, StatusRule } from './status.js';
export type { OrderRevision, RevisionResult } from './update.js';
export {
  createOrderWriter,
  type OrderChangeDeps,
  type OrderDetails,
  type OrderWriter,
  type UnitDetails,
} from './writer.js';
