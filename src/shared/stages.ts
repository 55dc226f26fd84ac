/**
 * The stage model: the one source for server rules, client labels, the customer timeline and docs.
 * Status lives on each unit (order item); an order's status is the least advanced of its units.
 */
export const STAGES = [
  'ORDER_PLACED',
  'LOCATION_ENABLED',
  'DOCUMENTS_PENDING',
  'DOCUMENTS_SIGNING',
  'FINANCING_PAYMENT',
  'SITE_PREP',
  'PRODUCTION',
  'DELIVERY_DATE_CONFIRMED',
  'FINAL_DOCUMENTS',
  'DELIVERED',
] as const;

export type Stage = (typeof STAGES)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  ORDER_PLACED: 'Order Placed',
  LOCATION_ENABLED: 'Location Enabled',
  DOCUMENTS_PENDING: 'Documents Pending',
  DOCUMENTS_SIGNING: 'Document Signing',
  FINANCING_PAYMENT: 'Payment Pending',
  SITE_PREP: 'Site Preparation',
  PRODUCTION: 'In Production',
  DELIVERY_DATE_CONFIRMED: 'Delivery Scheduled',
  FINAL_DOCUMENTS: 'Final Documentation',
  DELIVERED: 'Delivered',
};

/** The nine stages an admin may choose (DOCUMENTS_PENDING shares DOCUMENTS_SIGNING's position). */
export const ADMIN_STAGES = STAGES.filter((s) => s !== 'DOCUMENTS_PENDING');

/** Alias statuses that filters and webhooks accept, and the stage each one means. */
export const STAGE_ALIASES = {
  PAYMENT_PENDING: 'FINANCING_PAYMENT',
  DELIVERY_SCHEDULED: 'DELIVERY_DATE_CONFIRMED',
  SCHEDULED: 'DELIVERY_DATE_CONFIRMED',
} as const satisfies Record<string, Stage>;

export type StageAlias = keyof typeof STAGE_ALIASES;

/** The admin filter's twelve choices: the nine set statuses plus three that differ from the set list. */
export const FILTER_STATUSES = [
  ...ADMIN_STAGES,
  'DOCUMENTS_PENDING',
  'PAYMENT_PENDING',
  'DELIVERY_SCHEDULED',
] as const;

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

/** A stage name or an alias, in any case; undefined for anything else. */
export function parseStage(value: string): Stage | undefined {
  const upper = value.trim().toUpperCase();
  if (isStage(upper)) return upper;
  return (STAGE_ALIASES as Record<string, Stage>)[upper];
}

export function stageIndex(stage: Stage): number {
  return STAGES.indexOf(stage);
}

/** The least advanced of several stages (an order's status from its units). */
export function leastAdvanced(stages: readonly Stage[]): Stage {
  if (stages.length === 0) return 'ORDER_PLACED';
  return stages.reduce((min, s) => (stageIndex(s) < stageIndex(min) ? s : min));
}

export const TIMELINE_STEPS = [
  'Order Placed',
  'Location Enabled',
  'Document Signing',
  'Payment',
  'Site Preparation',
  'Production',
  'Delivery Scheduled',
  'Final Documentation',
  'Delivered',
] as const;

/** Position of a stage on the 9-step customer timeline (DOCUMENTS_PENDING sits on Document Signing). */
export function timelineStep(stage: Stage): number {
  const index = stageIndex(stage);
  return index <= stageIndex('DOCUMENTS_PENDING') ? index : index - 1;
}

/** Log stage labels used on the admin Webhooks page. */
export function logStageLabel(stage: string): string {
  switch (stage) {
    case 'DOCUMENTS_SIGNING':
      return 'Document Signing';
    case 'FINANCING_PAYMENT':
      return 'Payment Processing';
    case 'DELIVERY_DATE_CONFIRMED':
      return 'Delivery Date';
    case 'LOCATION_ENABLED':
      return 'Location Validation';
    default:
      return 'Order Status Update';
  }
}

/**
 * The only moves a customer may make, each through its own action: submitting onboarding, and opening a
 * document that is ready. Anything else a customer asks for is refused.
 */
export const CUSTOMER_MOVES = [
  { from: 'LOCATION_ENABLED', to: 'DOCUMENTS_PENDING' },
  { from: 'DOCUMENTS_PENDING', to: 'DOCUMENTS_SIGNING' },
] as const satisfies ReadonlyArray<{ from: Stage; to: Stage }>;

export function isCustomerMove(from: Stage, to: Stage): boolean {
  return CUSTOMER_MOVES.some((move) => move.from === from && move.to === to);
}
