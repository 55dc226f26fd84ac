/**
 * Links to one unit on its order page: `?unit=2` scrolls the unit's card into view, `&task=open` also
 * opens its task's dialog (the To-do and Purchase Tasks links). The order page reads them once.
 */
export function unitPath(orderId: number, itemNumber: number, task = false): string {
  return `/orders/${orderId}?unit=${itemNumber}${task ? '&task=open' : ''}`;
}

/** The unit the address names and whether its task is to be opened, if it names one. */
export function linkedUnitOf(search: URLSearchParams): { itemNumber: number; openTask: boolean } | undefined {
  const itemNumber = Number(search.get('unit'));
  if (!Number.isInteger(itemNumber) || itemNumber < 1) return undefined;
  return { itemNumber, openTask: search.get('task') === 'open' };
}
