/** Display formats shared by the screens, the CSV export and the e-mails. */

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** An item's label on My Orders, 'VH (NN)'. */
export function itemLabel(itemNumber: number): string {
  return `VH (${pad2(itemNumber)})`;
}

/** A pending task's label under Purchase Tasks, 'VH NN'. */
export function taskLabel(itemNumber: number): string {
  return `VH ${pad2(itemNumber)}`;
}

/**
 * An order's id as shown: a business id that already begins with 'VH' as is, otherwise 'VH' plus a
 * two-digit position, which the caller supplies (1-based: the order's place in the list it shows).
 */
export function orderLabel(orderId: string, position: number): string {
  return orderId.startsWith('VH') ? orderId : `VH${pad2(position)}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Amounts are stored in cents; they show as US dollars. Non-numeric input shows as an empty string. */
export function formatCents(cents: number | string | null | undefined): string {
  if (cents === null || cents === undefined || cents === '') return '';
  const value = typeof cents === 'number' ? cents : Number(cents);
  return Number.isFinite(value) ? usd.format(value / 100) : '';
}

export type PhoneCountry = 'US' | 'CA' | 'MX';

const DIALING_CODES: Record<PhoneCountry, string> = { US: '1', CA: '1', MX: '52' };

/**
 * (xxx) xxx-xxxx for the US and Canada, xx xxxx xxxx for Mexico. A leading dialing code is dropped;
 * anything that is not ten national digits is shown as it was given.
 */
export function formatPhone(phone: string | null | undefined, country: PhoneCountry = 'US'): string {
  if (!phone) return '';
  let digits = phone.replace(/\D/g, '');
  const dialing = DIALING_CODES[country];
  if (digits.length === 10 + dialing.length && digits.startsWith(dialing)) {
    digits = digits.slice(dialing.length);
  }
  if (digits.length !== 10) return phone;
  if (country === 'MX') return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
