/**
 * How people are told which order and which unit: one name each, the same on every screen of both
 * sides, in the e-mails, notifications, exports and API messages (docs/screens.md, "Names of orders
 * and units"). An internal id (orders.id, order_items.id) is never part of a name: it only ever appears
 * in addresses and API fields.
 */

/** The unit's word in English, the back office's language; the portal and the e-mails pass their own. */
export const UNIT_WORD_EN = 'Unit';

/**
 * An order's name: its business id as the customer received it ('VH1042', or 'WF-5531' from a source
 * that does not number with 'VH'), so that staff, the customer and the searches all use the same one.
 */
export function orderName(orderId: string): string {
  return orderId.trim();
}

/** A unit's name: its order's name and its number in the order, 'VH1042 · Unit 2' ('VH1042 · Unidad 2'). */
export function unitName(orderId: string, itemNumber: number, unitWord: string = UNIT_WORD_EN): string {
  return `${orderName(orderId)} · ${unitWord} ${itemNumber}`;
}
