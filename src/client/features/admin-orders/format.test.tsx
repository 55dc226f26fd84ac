import { describe, expect, it } from 'vitest';
import { activityText, adminOrderLabel, filterStatusLabel, waitedFor } from './format';
import { paramsFromQuery, queryFromParams } from './url-state';

describe('admin order labels', () => {
  it("shows a 'VH' id as is and any other as 'VH' plus its two-digit index", () => {
    expect(adminOrderLabel({ id: 7, orderId: 'VH1042' })).toBe('VH1042');
    expect(adminOrderLabel({ id: 7, orderId: 'ORD-880' })).toBe('VH07');
    expect(adminOrderLabel({ id: 123, orderId: 'ORD-880' })).toBe('VH123');
  });

  it('tells the two filter names that repeat a stage label apart', () => {
    expect(filterStatusLabel('FINANCING_PAYMENT')).toBe('Payment Pending');
    expect(filterStatusLabel('PAYMENT_PENDING')).toBe('Payment Pending (PAYMENT_PENDING)');
    expect(filterStatusLabel('DELIVERY_SCHEDULED')).toBe('Delivery Scheduled (DELIVERY_SCHEDULED)');
    expect(filterStatusLabel('DOCUMENTS_PENDING')).toBe('Documents Pending');
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
      pageSize: 10,
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
});
