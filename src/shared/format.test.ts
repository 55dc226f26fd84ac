import { describe, expect, it } from 'vitest';
import { formatCents, formatPhone } from './format.js';

describe('formatCents', () => {
  it('shows cents as US dollars', () => {
    expect(formatCents(250000)).toBe('$2,500.00');
    expect(formatCents('1999')).toBe('$19.99');
  });

  it('shows nothing for missing or non-numeric amounts', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents('abc')).toBe('');
  });
});

describe('formatPhone', () => {
  it('formats US and Canadian numbers, with or without the dialing code', () => {
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567', 'CA')).toBe('(555) 123-4567');
  });

  it('formats Mexican numbers', () => {
    expect(formatPhone('5512345678', 'MX')).toBe('55 1234 5678');
    expect(formatPhone('+52 55 1234 5678', 'MX')).toBe('55 1234 5678');
  });

  it('leaves anything else as given', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(undefined)).toBe('');
  });
});
