/** A pending customer action shown under 'Purchase Tasks' (customer spec §4). */
export interface PurchaseTask {
  /** Unique per unit: the order's id and the item number. */
  key: string;
  /** Internal order id, for the link to /orders/:id. */
  orderId: number;
  /** 'VH NN' (taskLabel in src/shared/format.ts). */
  label: string;
  /** What the customer has to do, e.g. 'Complete onboarding form'. */
  description: string;
}

/** The customer's pending tasks. The customer-portal issue derives them from the orders and items. */
export function usePurchaseTasks(): PurchaseTask[] {
  return [];
}
