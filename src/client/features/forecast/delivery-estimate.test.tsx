import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../lib/dates';
import { DeliveryEstimateNote } from './delivery-estimate';

describe('the delivery window as text', () => {
  const today = new Date(2026, 1, 20);

  it('joins the days with a spaced en dash and leaves out the current year', () => {
    expect(formatDateRange('2026-03-03', '2026-03-17', today, 'en-GB')).toBe('3 – 17 March');
    expect(formatDateRange('2026-03-28', '2026-04-09', today, 'en-GB')).toBe('28 March – 9 April');
  });

  it('names the year when the window reaches into another one', () => {
    expect(formatDateRange('2026-12-20', '2027-01-08', today, 'en-GB')).toBe(
      '20 December 2026 – 8 January 2027',
    );
    expect(formatDateRange('2027-03-03', '2027-03-17', today, 'en-GB')).toBe('3 – 17 March 2027');
  });

  it('shows one day once', () => {
    expect(formatDateRange('2026-03-03', '2026-03-03', today, 'en-GB')).toBe('3 March');
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
