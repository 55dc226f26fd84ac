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

const currencies = new Map<string, (locale: Locale) => Intl.NumberFormat>();
const counts = perLocale({ maximumFractionDigits: 0 });

/**
 * Amounts are stored in cents; they show in their currency (US dollars, the product's one) written the
 * way the language writes them ('$1,234.50', '1 234,50 $US'). Non-numeric input shows as an empty string.
 */
export function formatCents(
  cents: number | string | null | undefined,
  locale: Locale = DEFAULT_LOCALE,
  currency = 'USD',
): string {
  if (cents === null || cents === undefined || cents === '') return '';
  const value = typeof cents === 'number' ? cents : Number(cents);
  if (!Number.isFinite(value)) return '';
  let format = currencies.get(currency);
  if (!format) {
    format = perLocale({ style: 'currency', currency });
    currencies.set(currency, format);
  }
  return format(locale).format(value / 100);
}

/** A count with thousands separators, '100,010' in English, the same in every browser (like the amounts). */
export function formatCount(value: number, locale: Locale = DEFAULT_LOCALE): string {
  return counts(locale).format(value);
}

/**
 * The payment methods the product, its payment provider and its integrations name, by their codes, as
 * people say them in English (the back office, the export). The customer side says them in its
 * language from `payments:method.<code>` (src/client/features/payments/payment-method.ts).
 */
export const PAYMENT_METHOD_LABELS = {
  card: 'Card',
  us_bank_account: 'US bank account',
  cashapp: 'Cash App',
  link: 'Link',
  paypal: 'PayPal',
  ach: 'ACH',
  ach_debit: 'ACH debit',
  wire_transfer: 'Wire transfer',
  check: 'Check',
  cash: 'Cash',
  finance: 'Financing',
  direct_pay: 'Direct pay',
  affirm: 'Affirm',
  klarna: 'Klarna',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
} as const;
export type PaymentMethodCode = keyof typeof PAYMENT_METHOD_LABELS;

/** Other spellings of the same methods. */
export const PAYMENT_METHOD_ALIASES: Record<string, PaymentMethodCode> = {
  cash_app: 'cashapp',
  wire: 'wire_transfer',
  financing: 'finance',
};

/** The code of a known payment method, in any case ('FINANCING' → 'finance'); null for any other. */
export function paymentMethodCode(method: string | null | undefined): PaymentMethodCode | null {
  const value = method?.trim().toLowerCase() ?? '';
  if (Object.hasOwn(PAYMENT_METHOD_LABELS, value)) return value as PaymentMethodCode;
  return PAYMENT_METHOD_ALIASES[value] ?? null;
}

/**
 * A payment method an integration named that the product does not know, shown as words: title-cased
 * with its underscores as spaces ('bank_transfer' → 'Bank Transfer'); empty stays empty.
 */
export function unknownPaymentMethodWords(method: string | null | undefined): string {
  return (method ?? '')
    .replaceAll('_', ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** A payment method in English words: 'us_bank_account' → 'US bank account', 'finance' → 'Financing'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  const code = paymentMethodCode(method);
  return code ? PAYMENT_METHOD_LABELS[code] : unknownPaymentMethodWords(method);
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
