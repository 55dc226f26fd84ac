import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStatusEvent } from '../../test/orders';
import { CorrectionNote } from './correction-note';
import { latestCorrection } from './unit-stage';

const moveBack = makeStatusEvent(
  { itemNumber: 1, oldStatus: 'DELIVERY_DATE_CONFIRMED', status: 'SITE_PREP', correction: true },
  { id: 2, timestamp: '2030-03-02T10:00:00.000Z' },
);

describe('a correction in the customer’s history', () => {
  it('is the unit’s last move when that move was a correction, for that unit only', () => {
    const earlier = makeStatusEvent(
      { itemNumber: 1, oldStatus: 'PRODUCTION', status: 'DELIVERY_DATE_CONFIRMED' },
      { timestamp: '2030-03-01T10:00:00.000Z' },
    );
    expect(latestCorrection([earlier, moveBack], { itemNumber: 1 })).toEqual({
      at: '2030-03-02T10:00:00.000Z',
      from: 'DELIVERY_DATE_CONFIRMED',
      to: 'SITE_PREP',
    });
    expect(latestCorrection([earlier, moveBack], { itemNumber: 2 })).toBeUndefined();
    const onward = makeStatusEvent(
      { itemNumber: 1, oldStatus: 'SITE_PREP', status: 'PRODUCTION' },
      { id: 3, timestamp: '2030-03-03T10:00:00.000Z' },
    );
    expect(latestCorrection([earlier, moveBack, onward], { itemNumber: 1 })).toBeUndefined();
  });

  it('says under the timeline when and from which step the unit was moved back', () => {
    const correction = latestCorrection([moveBack], { itemNumber: 1 });
    if (!correction) throw new Error('no correction');
    render(<CorrectionNote correction={correction} />);
    expect(
      screen.getByText(/^Corrected on Mar 2, 2030: this unit was moved back from .+ to Site Preparation\.$/),
    ).toBeInTheDocument();
  });
});
