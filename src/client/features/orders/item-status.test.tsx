import { describe, expect, it } from 'vitest';
import { customerStageLabel } from '../../../shared/stages.js';
import { makeItem, makeOrder, makeStatusEvent } from '../../test/orders';
import { latestEventStatus, orderUnits, resolveUnit, unitCount } from './item-status';
import { stepReachedDates, timelineStates, unitAction, unitBorderClass, unitHints } from './unit-stage';

describe('item status resolution', () => {
  it('takes the fetched item list before the embedded items, the events and the order', () => {
    const order = makeOrder({
      status: 'ORDER_PLACED',
      items: [makeItem({ itemNumber: 1, status: 'LOCATION_ENABLED' })],
    });
    const unit = resolveUnit(order, 1, {
      fetchedItems: [makeItem({ itemNumber: 1, status: 'PRODUCTION' })],
      events: [makeStatusEvent({ itemNumber: 1, status: 'DELIVERED' })],
    });
    expect(unit.status).toBe('PRODUCTION');
  });

  it('takes the embedded item when the fetched list lacks the unit', () => {
    const order = makeOrder({ items: [makeItem({ itemNumber: 2, status: 'SITE_PREP' })], quantity: 2 });
    const unit = resolveUnit(order, 2, {
      fetchedItems: [makeItem({ itemNumber: 1, status: 'PRODUCTION' })],
      events: [makeStatusEvent({ itemNumber: 2, status: 'DELIVERED' })],
    });
    expect(unit.status).toBe('SITE_PREP');
  });

  it('takes the latest status event for the unit when no item record exists', () => {
    const order = makeOrder({ status: 'ORDER_PLACED', items: [] });
    const events = [
      makeStatusEvent({ itemNumber: 1, status: 'LOCATION_ENABLED' }, { timestamp: '2025-06-01T10:00:00Z' }),
      makeStatusEvent({ itemNumber: 1, status: 'DOCUMENTS_PENDING' }, { timestamp: '2025-06-03T10:00:00Z' }),
      makeStatusEvent({ itemNumber: 2, status: 'DELIVERED' }, { timestamp: '2025-06-04T10:00:00Z' }),
      makeStatusEvent(
        { note: 'not a status change' },
        { type: 'NOTE', data: { type: 'NOTE', itemNumber: 1 } },
      ),
    ];
    expect(resolveUnit(order, 1, { events }).status).toBe('DOCUMENTS_PENDING');
  });

  it('matches an event by the unit id as well as by its number', () => {
    const events = [makeStatusEvent({ orderItemId: 55, status: 'PRODUCTION' })];
    expect(latestEventStatus(events, 3, 55)).toBe('PRODUCTION');
    expect(latestEventStatus(events, 3)).toBeUndefined();
  });

  it('ignores an event whose status is not a stage', () => {
    expect(latestEventStatus([makeStatusEvent({ itemNumber: 1, status: 'EXPLODED' })], 1)).toBeUndefined();
  });

  it("falls back to the order status and its stage data, never to the order's delivery date", () => {
    const order = makeOrder({
      status: 'FINANCING_PAYMENT',
      items: [],
      currentStageData: { paymentStatus: 'pending' },
      deliveryDate: '2025-09-01',
    });
    const unit = resolveUnit(order, 1);
    expect(unit).toMatchObject({
      status: 'FINANCING_PAYMENT',
      item: undefined,
      stageData: { paymentStatus: 'pending' },
      deliveryDate: null,
    });
  });

  it("takes the delivery date from the item, then its stage data; another unit's day is not its own", () => {
    const order = makeOrder({ deliveryDate: '2025-12-01', items: [] });
    const withItem = (item: Parameters<typeof makeItem>[0]) =>
      resolveUnit({ ...order, items: [makeItem(item)] }, 1).deliveryDate;
    expect(withItem({ deliveryDate: '2025-10-01', currentStageData: { deliveryDate: '2025-11-01' } })).toBe(
      '2025-10-01',
    );
    expect(withItem({ currentStageData: { deliveryDate: '2025-11-01' } })).toBe('2025-11-01');
    // The order's date is the earliest of its units' (one of them booked): not this unit's.
    expect(withItem({})).toBeNull();
  });

  it('makes one unit per quantity, numbered from 1, default 1', () => {
    expect(orderUnits(makeOrder({ quantity: 3 })).map((u) => u.itemNumber)).toEqual([1, 2, 3]);
    expect(unitCount({ quantity: 0, items: [] })).toBe(1);
  });
});

describe('unit stage presentation', () => {
  it('colours the border by stage', () => {
    expect(unitBorderClass('DELIVERED')).toBe('border-success');
    for (const stage of [
      'LOCATION_ENABLED',
      'DOCUMENTS_PENDING',
      'DOCUMENTS_SIGNING',
      'FINANCING_PAYMENT',
    ] as const) {
      expect(unitBorderClass(stage)).toBe('border-primary');
    }
    expect(unitBorderClass('SITE_PREP')).toBe('border-warning');
    expect(unitBorderClass('PRODUCTION')).toBe('border-warning');
    expect(unitBorderClass('ORDER_PLACED')).toBe('border-border');
    expect(unitBorderClass('DELIVERY_DATE_CONFIRMED')).toBe('border-border');
  });

  it('marks steps before the current one completed and later ones upcoming', () => {
    const states = timelineStates('FINANCING_PAYMENT').map((s) => s.state);
    expect(states).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });

  it('puts DOCUMENTS_PENDING on the Document Signing step', () => {
    const current = timelineStates('DOCUMENTS_PENDING').find((s) => s.state === 'current');
    expect(current && customerStageLabel(current.stage)).toBe('Document Signing');
  });

  it('ticks nothing but the steps behind the unit: at ORDER_PLACED every later step, Delivered too, is upcoming', () => {
    const states = timelineStates('ORDER_PLACED');
    expect(states[0]).toEqual({ stage: 'ORDER_PLACED', state: 'current' });
    expect(states.slice(1).map((s) => s.state)).toEqual(Array(8).fill('upcoming'));
    expect(timelineStates('DELIVERED').map((s) => s.state)).toEqual([
      ...Array(8).fill('completed'),
      'current',
    ]);
  });

  it('dates each reached step by the last move onto it, and leaves skipped steps undated', () => {
    const events = [
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'ORDER_PLACED', status: 'LOCATION_ENABLED' },
        { timestamp: '2025-03-02T10:00:00Z' },
      ),
      makeStatusEvent(
        { itemNumber: 2, oldStatus: 'ORDER_PLACED', status: 'PRODUCTION' },
        { timestamp: '2025-03-03T10:00:00Z' },
      ),
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'LOCATION_ENABLED', status: 'DOCUMENTS_PENDING' },
        { timestamp: '2025-03-05T10:00:00Z' },
      ),
      // Pending to signing stays on the Document Signing step: its date is still the 5th.
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'DOCUMENTS_PENDING', status: 'DOCUMENTS_SIGNING' },
        { timestamp: '2025-03-06T10:00:00Z' },
      ),
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'DOCUMENTS_SIGNING', status: 'SITE_PREP' },
        { timestamp: '2025-03-09T10:00:00Z' },
      ),
      // Sent back to site preparation after production had started: the later arrival counts.
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'SITE_PREP', status: 'PRODUCTION' },
        { timestamp: '2025-03-10T10:00:00Z' },
      ),
      makeStatusEvent(
        { itemNumber: 1, oldStatus: 'PRODUCTION', status: 'SITE_PREP' },
        { timestamp: '2025-03-11T10:00:00Z' },
      ),
    ];
    expect(stepReachedDates(events, { itemNumber: 1 }, '2025-03-01T09:00:00Z')).toEqual([
      '2025-03-01T09:00:00Z',
      '2025-03-02T10:00:00Z',
      '2025-03-05T10:00:00Z',
      undefined,
      '2025-03-11T10:00:00Z',
      '2025-03-10T10:00:00Z',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('gives the stage hints and the expected delivery', () => {
    expect(unitHints({ status: 'PRODUCTION', deliveryDate: null })).toEqual([{ key: 'production' }]);
    expect(unitHints({ status: 'SITE_PREP', deliveryDate: null })).toEqual([{ key: 'sitePrep' }]);
    expect(unitHints({ status: 'FINAL_DOCUMENTS', deliveryDate: null })).toEqual([{ key: 'finalDocuments' }]);
    expect(unitHints({ status: 'DELIVERY_DATE_CONFIRMED', deliveryDate: '2025-07-04' })).toEqual([
      { key: 'expectedDelivery', date: '2025-07-04' },
    ]);
  });

  it('chooses the action by status and stage data', () => {
    const ready = { documentStatus: 'ready', documentUrl: 'https://docs.example/1' };
    expect(unitAction({ status: 'LOCATION_ENABLED', stageData: {} })).toBe('onboarding');
    expect(unitAction({ status: 'DOCUMENTS_PENDING', stageData: {} })).toBe('processing');
    expect(unitAction({ status: 'DOCUMENTS_PENDING', stageData: { documentStatus: 'ready' } })).toBe(
      'processing',
    );
    expect(unitAction({ status: 'DOCUMENTS_PENDING', stageData: ready })).toBe('start-signing');
    expect(unitAction({ status: 'DOCUMENTS_SIGNING', stageData: {} })).toBe('sign');
    expect(unitAction({ status: 'FINANCING_PAYMENT', stageData: {} })).toBe('payment');
    for (const paid of ['PAID', 'paid', 'completed', 'success', 'successful']) {
      expect(unitAction({ status: 'FINANCING_PAYMENT', stageData: { paymentStatus: paid } })).toBe('paid');
    }
    expect(unitAction({ status: 'PRODUCTION', stageData: {} })).toBe('none');
  });
});
