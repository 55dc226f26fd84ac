import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAGE_LABELS, STAGES, type Stage, stageGroup } from '../../shared/stages.js';
import { StageBadge } from '../features/admin-orders/stage-badge';
import { unitBorderClass } from '../features/orders/unit-stage';
import { STAGE_GROUP_COLOURS } from './stage-colours';

describe('stage groups', () => {
  it('puts location, documents and payment with the customer, site prep and production in the build', () => {
    const groups = Object.fromEntries(STAGES.map((stage) => [stage, stageGroup(stage)]));
    expect(groups).toEqual({
      ORDER_PLACED: 'waiting',
      LOCATION_ENABLED: 'customer',
      DOCUMENTS_PENDING: 'customer',
      DOCUMENTS_SIGNING: 'customer',
      FINANCING_PAYMENT: 'customer',
      SITE_PREP: 'build',
      PRODUCTION: 'build',
      DELIVERY_DATE_CONFIRMED: 'waiting',
      FINAL_DOCUMENTS: 'waiting',
      DELIVERED: 'delivered',
    });
  });

  it('gives each group its own colour', () => {
    const borders = Object.values(STAGE_GROUP_COLOURS).map((colours) => colours.border);
    expect(new Set(borders).size).toBe(borders.length);
    expect(STAGE_GROUP_COLOURS.delivered.border).toBe('border-success');
    expect(STAGE_GROUP_COLOURS.customer.border).toBe('border-primary');
    expect(STAGE_GROUP_COLOURS.build.border).toBe('border-warning');
  });

  it.each(STAGES)(
    'shows %s in the same colour on the customer’s card and the admin badge',
    (stage: Stage) => {
      render(<StageBadge stage={stage} />);
      const badge = screen.getByText(STAGE_LABELS[stage]).closest('[data-stage-group]') as HTMLElement;
      expect(badge).toHaveAttribute('data-stage-group', stageGroup(stage));
      expect(badge).toHaveClass(unitBorderClass(stage));
    },
  );
});
