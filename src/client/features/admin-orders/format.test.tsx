import { describe, expect, it } from 'vitest';
import { formatCount, paymentMethodLabel } from '../../../shared/format.js';
import { activityText, waitedFor } from './format';
import { paramsFromQuery, queryFromParams } from './url-state';

describe('admin order labels', () => {
  it('reads a status alias in the address as its stage, each stage once and in stage order', () => {
    const query = queryFromParams(
      new URLSearchParams('status=DELIVERY_SCHEDULED,PAYMENT_PENDING,FINANCING_PAYMENT,ORDER_PLACED'),
    );
    expect(query.status).toEqual(['ORDER_PLACED', 'FINANCING_PAYMENT', 'DELIVERY_DATE_CONFIRMED']);
    expect(paramsFromQuery(query).get('status')).toBe(
      'ORDER_PLACED,FINANCING_PAYMENT,DELIVERY_DATE_CONFIRMED',
    );
  });
});

describe('activity text', () => {
  it('names the unit and both stages of a status change', () => {
    expect(
      activityText({
        type: 'ORDER_ITEM_STATUS_UPDATED',
        stage: 'FINANCING_PAYMENT',
        data: { itemNumber: 2, oldStatus: 'DOCUMENTS_SIGNING', status: 'FINANCING_PAYMENT' },
      }),
    ).toBe('Unit 2: Document Signing → Payment Pending');
    expect(
      activityText({
        type: 'ORDER_ITEM_STATUS_UPDATED',
        stage: null,
        data: { itemNumber: 1, status: 'DELIVERED' },
      }),
    ).toBe('Unit 1: Delivered');
  });

  it('names a partner’s allowed move back as a correction', () => {
    expect(
      activityText({
        type: 'ORDER_ITEM_STATUS_UPDATED',
        stage: 'SITE_PREP',
        data: { itemNumber: 1, oldStatus: 'PRODUCTION', status: 'SITE_PREP', correction: true },
      }),
    ).toBe('Unit 1: In Production → Site Preparation (correction)');
  });

  it('shows a note as written and other events in words', () => {
    expect(activityText({ type: 'INTERNAL_NOTE', stage: null, data: { text: 'Called the customer' } })).toBe(
      'Called the customer',
    );
    expect(activityText({ type: 'ORDER_CREATED', stage: null, data: { quantity: 3 } })).toBe(
      'Order created with 3 units',
    );
    expect(activityText({ type: 'PAYMENT_SUCCEEDED', stage: 'SITE_PREP', data: {} })).toBe(
      'Payment succeeded (Site Preparation)',
    );
  });
});

describe('waiting time', () => {
  const now = Date.parse('2025-06-13T12:00:00Z');
  it('counts whole days, else hours, else says less than an hour', () => {
    expect(waitedFor('2025-06-01T11:00:00Z', now)).toBe('12 days');
    expect(waitedFor('2025-06-12T11:00:00Z', now)).toBe('1 day');
    expect(waitedFor('2025-06-13T07:00:00Z', now)).toBe('5 hours');
    expect(waitedFor('2025-06-13T11:30:00Z', now)).toBe('Less than an hour');
  });
});

describe('orders address', () => {
  it('reads page, search, sort and filters, dropping values that do not parse', () => {
    const query = queryFromParams(
      new URLSearchParams(
        'page=2&q=cabin&status=NOPE&dateFrom=2025-05-01&dateTo=yesterday&payment=paid&sort=x',
      ),
    );
    expect(query).toEqual({
      page: 2,
      pageSize: 50,
      q: 'cabin',
      sort: 'orderDate:desc',
      dateFrom: '2025-05-01',
      payment: 'paid',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(paramsFromQuery(queryFromParams(new URLSearchParams())).toString()).toBe('');
    const params = paramsFromQuery({
      ...queryFromParams(new URLSearchParams()),
      page: 3,
      sort: 'status:asc',
      registration: 'guest',
    });
    expect(params.toString()).toBe('registration=guest&sort=status%3Aasc&page=3');
  });

  it('keeps an offered page size other than the staff member’s own in the address and reads it back', () => {
    for (const size of [10, 25, 100]) {
      const params = paramsFromQuery({ ...queryFromParams(new URLSearchParams()), pageSize: size, page: 4 });
      expect(params.toString()).toBe(`pageSize=${size}&page=4`);
      expect(queryFromParams(params)).toMatchObject({ pageSize: size, page: 4 });
    }
    // The staff member's own size stays out of the address; 50 until they choose.
    expect(queryFromParams(new URLSearchParams()).pageSize).toBe(50);
    expect(queryFromParams(new URLSearchParams(), 25).pageSize).toBe(25);
    expect(
      paramsFromQuery({ ...queryFromParams(new URLSearchParams(), 25), pageSize: 25 }, 25).toString(),
    ).toBe('');
    // Sizes the page does not offer fall back to the staff member's, though the server would take 7 or 20.
    for (const value of ['7', '20', '101', 'lots', '']) {
      expect(queryFromParams(new URLSearchParams({ pageSize: value }), 100).pageSize).toBe(100);
    }
  });
});

describe('payment methods and counts', () => {
  it('names payment methods as people say them', () => {
    expect(paymentMethodLabel('us_bank_account')).toBe('US bank account');
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel('cashapp')).toBe('Cash App');
    expect(paymentMethodLabel('CARD')).toBe('Card');
  });

  it('title-cases a method it does not know, underscores as spaces, and leaves none empty', () => {
    expect(paymentMethodLabel('bank_transfer')).toBe('Bank Transfer');
    expect(paymentMethodLabel('crypto__WALLET ')).toBe('Crypto Wallet');
    expect(paymentMethodLabel(null)).toBe('');
    expect(paymentMethodLabel('  ')).toBe('');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(100_010)).toBe('100,010');
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
  });
});
