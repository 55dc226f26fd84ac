import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../lib/dates';
import { DeliveryEstimateNote } from './delivery-estimate';

describe('the delivery window as text', () => {
  it('writes both days in the medium date of the language, joined by a spaced en dash', () => {
    expect(formatDateRange('2026-03-03', '2026-03-17', 'en-US')).toBe('Mar 3 – 17, 2026');
    expect(formatDateRange('2027-02-25', '2027-04-26', 'en-US')).toBe('Feb 25 – Apr 26, 2027');
    expect(formatDateRange('2027-02-25', '2027-04-26', 'fr-FR')).toBe('25 févr. – 26 avr. 2027');
  });

  it('names each year when the window reaches into another one', () => {
    expect(formatDateRange('2026-12-20', '2027-01-08', 'en-US')).toBe('Dec 20, 2026 – Jan 8, 2027');
  });

  it('shows one day once, as any other date', () => {
    expect(formatDateRange('2026-03-03', '2026-03-03', 'en-US')).toBe('Mar 3, 2026');
  });
});

describe('the delivery estimate note', () => {
  it('says what the window rests on: delivered units, or typical stage durations', () => {
    const { rerender } = render(
      <DeliveryEstimateNote
        estimate={{ from: '2026-03-03', to: '2026-03-17', basis: 'history', historyUnits: 120 }}
      />,
    );
    const note = screen.getByTestId('delivery-estimate');
    expect(note).toHaveTextContent(/^Estimated delivery: .+Based on 120 recently delivered units$/);
    rerender(
      <DeliveryEstimateNote
        estimate={{ from: '2026-03-03', to: '2026-03-17', basis: 'defaults', historyUnits: 0 }}
      />,
    );
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent('Based on typical stage durations');
  });
});
