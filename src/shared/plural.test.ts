import { describe, expect, it } from 'vitest';
import { counted, plural } from './plural.js';

describe('counted nouns in the English-only texts', () => {
  it('writes one in the singular and every other count in the plural, with thousands separators', () => {
    expect(counted(1, 'order', 'orders')).toBe('1 order');
    expect(counted(0, 'order', 'orders')).toBe('0 orders');
    expect(counted(1204, 'row', 'rows')).toBe('1,204 rows');
    expect(plural(1, 'has', 'have')).toBe('has');
    expect(plural(2, 'has', 'have')).toBe('have');
  });
});
