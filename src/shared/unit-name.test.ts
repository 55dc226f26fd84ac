import { describe, expect, it } from 'vitest';
import { orderName, unitName } from './unit-name.js';

describe('orderName', () => {
  it('is the business id, whether or not it starts with VH', () => {
    expect(orderName('VH1042')).toBe('VH1042');
    expect(orderName('WF-5531')).toBe('WF-5531');
    expect(orderName(' 1042 ')).toBe('1042');
  });
});

describe('unitName', () => {
  it('is the order name and the unit number, in English by default', () => {
    expect(unitName('VH1042', 2)).toBe('VH1042 · Unit 2');
    expect(unitName('WF-5531', 12)).toBe('WF-5531 · Unit 12');
  });

  it('takes the unit word of the reader’s language', () => {
    expect(unitName('VH1042', 2, 'Unidad')).toBe('VH1042 · Unidad 2');
    expect(unitName('VH1042', 3, 'Unité')).toBe('VH1042 · Unité 3');
  });
});
