/** Display formats shared by the screens, the CSV export and the e-mails. */

import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales.js';

/**
 * A formatter per language, made when first asked for: making one is slow in a browser (tens of
 * milliseconds on a phone), and a page mostly needs one language's.
 */
function perLocale(options: Intl.NumberFormatOptions): (locale: Locale) => Intl.NumberFormat {
  const made = new Map<Locale, Intl.NumberFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
      made.set(locale, format);
    }
    return format;
  };
}

const usd = perLocale({ style: 'currency', currency: 'USD' });
const counts = perLocale({ maximumFractionDigits: 0 });

/**
 * Amounts are stored in cents; they show as US dollars written the way the language writes them
 * ('$1,234.50', '1 234,50 $US'). Non-numeric input shows as an empty string.
 */
export function formatCents(
  cents: number | string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  if (cents === null || cents === undefined || cents === '') return '';
  const value = typeof cents === 'number' ? cents : Number(cents);
  return Number.isFinite(value) ? usd(locale).format(value / 100) : '';
}

/** A count with thousands separators, '100,010' in English, the same in every browser (like the amounts). */
export function formatCount(value: number, locale: Locale = DEFAULT_LOCALE): string {
  return counts(locale).format(value);
}

/** The payment methods the product and its payment provider name, as people say them. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  us_bank_account: 'US bank account',
  cashapp: 'Cash App',
  cash_app: 'Cash App',
  link: 'Link',
  paypal: 'PayPal',
  ach: 'ACH',
  ach_debit: 'ACH debit',
  wire: 'Wire transfer',
  wire_transfer: 'Wire transfer',
  check: 'Check',
  cash: 'Cash',
  finance: 'Financing',
  financing: 'Financing',
  direct_pay: 'Direct pay',
  affirm: 'Affirm',
  klarna: 'Klarna',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

/**
 * A payment method as a label: 'us_bank_account' → 'US bank account'. Any other value is shown title-cased
 * with its underscores as spaces ('bank_transfer' → 'Bank Transfer'); empty stays empty.
 */
export function paymentMethodLabel(method: string | null | undefined): string {
  const value = method?.trim() ?? '';
  if (!value) return '';
  const known = PAYMENT_METHOD_LABELS[value.toLowerCase()];
  if (known) return known;
  return value
    .replaceAll('_', ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
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
