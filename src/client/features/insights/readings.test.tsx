import { describe, expect, it } from 'vitest';
import { readingOf } from './readings';

describe('the one-line reading of each chart', () => {
  it('names the stage holding most units at the end of the range, delivered ones aside', () => {
    expect(
      readingOf('flow', [
        { week: '2026-02-02', stage: 'PRODUCTION', units: 9 },
        { week: '2026-02-09', stage: 'PRODUCTION', units: 2 },
        { week: '2026-02-09', stage: 'SITE_PREP', units: 3 },
        { week: '2026-02-09', stage: 'DELIVERED', units: 40 },
      ]),
    ).toBe('5 units on their way at the end of the range; most of them in Site Preparation (3).');
  });

  it('names the stage whose median grew most, or says none did', () => {
    const row = { stays: 1, p90Days: null, previousMedianDays: null };
    expect(
      readingOf('stage-durations', [
        { ...row, stage: 'PRODUCTION', medianDays: 30, changeDays: 2 },
        { ...row, stage: 'SITE_PREP', medianDays: 10, changeDays: 4.5 },
      ]),
    ).toBe(
      'In Production takes longest (median 30 days); Site Preparation grew most, by 4.5 days over the range before.',
    );
    expect(
      readingOf('stage-durations', [{ ...row, stage: 'PRODUCTION', medianDays: 1, changeDays: -1 }]),
    ).toBe('In Production takes longest (median 1 day); no stage took longer than in the range before.');
  });

  it('sums deposits and the units still owing one', () => {
    expect(
      readingOf('deposits', [
        { week: '2026-02-02', method: 'card', count: 2, amountCents: 600_000 },
        { week: null, method: 'due', count: 1, amountCents: null },
      ]),
    ).toBe('$6,000.00 collected in 2 deposits; 1 unit still owe one.');
  });

  it('gives the share of deliveries inside their window', () => {
    expect(
      readingOf('promises', [
        { month: '2026-01', units: 3, inside: 2, coverage: 0.6667, meanAbsoluteErrorDays: 4 },
        { month: '2026-02', units: 1, inside: 1, coverage: 1, meanAbsoluteErrorDays: 1 },
      ]),
    ).toBe('75% of 4 deliveries landed inside the window estimated when they entered production.');
  });
});
