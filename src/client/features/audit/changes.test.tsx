import { describe, expect, it } from 'vitest';
import { changesText } from './changes';

describe('an audit entry’s changes as shown', () => {
  it('name a stage by its label, alone or in a filter’s list, never by its code', () => {
    expect(changesText({ status: 'DOCUMENTS_PENDING', itemNumber: 2 })).toBe(
      '{"status":"Documents Pending","itemNumber":2}',
    );
    expect(changesText({ status: 'FINANCING_PAYMENT', orderIds: [3, 4] })).toBe(
      '{"status":"Payment Pending","orderIds":[3,4]}',
    );
    expect(changesText({ filter: { status: ['PRODUCTION', 'DELIVERED'], q: 'cabin' } })).toBe(
      '{"filter":{"status":["In Production","Delivered"],"q":"cabin"}}',
    );
  });

  it('leave a status that is not a stage, and other keys, as they are', () => {
    expect(changesText({ status: 'ACTIVE', role: 'PRODUCTION' })).toBe(
      '{"status":"ACTIVE","role":"PRODUCTION"}',
    );
  });
});
