/**
 * The stage model: the one source for server rules, client labels, the customer timeline and docs.
 * Status lives on each unit (order item); an order's status is the least advanced of its units.
 *
 * Everything below derives from STAGE_TABLE: one row per stage, in fulfilment order.
 * - `label`: the stage's name in the back office (admin badges, filters, dialogs, integrators' payloads).
 * - `timelineStep`: the customer timeline step it sits on; consecutive rows may share a step
 *   (DOCUMENTS_PENDING sits on Document Signing), and the distinct steps in order are the timeline.
 *   It is also the stage's one name for customers (customerStageLabel): badge, order page, Home,
 *   toasts and e-mails say what the timeline says.
 * - `customerHint`: a few words that tell apart two stages sharing a customer step, or null.
 * - `adminChoosable`: whether an admin may set it (the Status dialog's choices).
 * - `aliases`: other names integrators and files use for it (filters, webhooks, imports); `filter` puts the alias
 *   among the admin filter's choices.
 * - `customerMoveTo`: the one stage a customer may move a unit at this stage on to, through its own
 *   action (submitting onboarding, opening a ready document), or null.
 * - `logLabel`: its label on the admin Webhooks page's logs.
 * - `group`: the colour family it shows in, on the customer's unit cards and the admin badges alike:
 *   `customer` while the customer has a part to play (location, documents, payment), `build` while the
 *   unit is being made (site preparation, production), `delivered`, and `waiting` for the rest.
 */
const STAGE_TABLE = [
  {
    code: 'ORDER_PLACED',
    group: 'waiting',
    label: 'Order Placed',
    timelineStep: 'Order Placed',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Order Status Update',
  },
  {
    code: 'LOCATION_ENABLED',
    group: 'customer',
    label: 'Location Enabled',
    timelineStep: 'Location Enabled',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    // Submitting onboarding.
    customerMoveTo: 'DOCUMENTS_PENDING',
    logLabel: 'Location Validation',
  },
  {
    code: 'DOCUMENTS_PENDING',
    group: 'customer',
    label: 'Documents Pending',
    timelineStep: 'Document Signing',
    customerHint: 'Documents in preparation',
    adminChoosable: false,
    aliases: [],
    // Opening a document that is ready.
    customerMoveTo: 'DOCUMENTS_SIGNING',
    logLabel: 'Order Status Update',
  },
  {
    code: 'DOCUMENTS_SIGNING',
    group: 'customer',
    label: 'Document Signing',
    timelineStep: 'Document Signing',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Document Signing',
  },
  {
    code: 'FINANCING_PAYMENT',
    group: 'customer',
    label: 'Payment Pending',
    timelineStep: 'Payment',
    customerHint: null,
    adminChoosable: true,
    aliases: [{ name: 'PAYMENT_PENDING', filter: true }],
    customerMoveTo: null,
    logLabel: 'Payment Processing',
  },
  {
    code: 'SITE_PREP',
    group: 'build',
    label: 'Site Preparation',
    timelineStep: 'Site Preparation',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Order Status Update',
  },
  {
    code: 'PRODUCTION',
    group: 'build',
    label: 'In Production',
    timelineStep: 'Production',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Order Status Update',
  },
  {
    code: 'DELIVERY_DATE_CONFIRMED',
    group: 'waiting',
    label: 'Delivery Scheduled',
    timelineStep: 'Delivery Scheduled',
    customerHint: null,
    adminChoosable: true,
    aliases: [
      { name: 'DELIVERY_SCHEDULED', filter: true },
      { name: 'SCHEDULED', filter: false },
    ],
    customerMoveTo: null,
    logLabel: 'Delivery Date',
  },
  {
    code: 'FINAL_DOCUMENTS',
    group: 'waiting',
    label: 'Final Documentation',
    timelineStep: 'Final Documentation',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Order Status Update',
  },
  {
    code: 'DELIVERED',
    group: 'delivered',
    label: 'Delivered',
    timelineStep: 'Delivered',
    customerHint: null,
    adminChoosable: true,
    aliases: [],
    customerMoveTo: null,
    logLabel: 'Order Status Update',
  },
] as const satisfies ReadonlyArray<{
  code: string;
  group: 'customer' | 'build' | 'delivered' | 'waiting';
  label: string;
  timelineStep: string;
  customerHint: string | null;
  adminChoosable: boolean;
  aliases: ReadonlyArray<{ name: string; filter: boolean }>;
  customerMoveTo: string | null;
  logLabel: string;
}>;

type StageRow = (typeof STAGE_TABLE)[number];
type Codes<T extends readonly StageRow[]> = { readonly [K in keyof T]: T[K]['code'] };

/** The stages in fulfilment order. */
export const STAGES = STAGE_TABLE.map((row) => row.code) as unknown as Codes<typeof STAGE_TABLE>;

export type Stage = StageRow['code'];

function rowOf(stage: Stage): StageRow {
  // Every Stage has its row: Stage is the table's codes.
  return STAGE_TABLE.find((row) => row.code === stage) as StageRow;
}

export const STAGE_LABELS = Object.fromEntries(STAGE_TABLE.map((row) => [row.code, row.label])) as Record<
  Stage,
  string
>;

export type StageGroup = StageRow['group'];

/** The colour family of a stage: one mapping for the customer's cards and the back office's badges. */
export function stageGroup(stage: Stage): StageGroup {
  return rowOf(stage).group;
}

/** The nine stages an admin may choose (DOCUMENTS_PENDING shares DOCUMENTS_SIGNING's position). */
export const ADMIN_STAGES: Stage[] = STAGE_TABLE.filter((row) => row.adminChoosable).map((row) => row.code);

/**
 * The stage "Move to <next stage>" sets: the next one an admin may choose, or null at the last
 * (DELIVERED). DOCUMENTS_PENDING is passed over, as in the Status dialog: documents are prepared, not
 * chosen, so Location Enabled and Documents Pending both move on to Document Signing.
 */
export function nextStage(stage: Stage): Stage | null {
  const at = STAGES.indexOf(stage);
  return ADMIN_STAGES.find((candidate) => STAGES.indexOf(candidate) > at) ?? null;
}

/**
 * The dashboard's 'Pending Actions': orders waiting on the customer's signature or payment.
 * DOCUMENTS_PENDING shares DOCUMENTS_SIGNING's position on the timeline, so it counts too.
 */
export const PENDING_ACTION_STAGES: readonly Stage[] = [
  'DOCUMENTS_PENDING',
  'DOCUMENTS_SIGNING',
  'FINANCING_PAYMENT',
];

type AliasRow = StageRow['aliases'][number];
type StageOfAlias<N, R = StageRow> = R extends StageRow
  ? N extends R['aliases'][number]['name']
    ? R['code']
    : never
  : never;

/** Alias statuses (filters, webhooks, imports) and the stage each one means. */
export const STAGE_ALIASES = Object.fromEntries(
  STAGE_TABLE.flatMap((row) => row.aliases.map((alias: AliasRow) => [alias.name, row.code])),
) as { readonly [N in AliasRow['name']]: StageOfAlias<N> };

export type StageAlias = keyof typeof STAGE_ALIASES;

type FilterAlias = Extract<AliasRow, { filter: true }>['name'];

/**
 * What the orders list's status filter accepts: the nine set statuses, then the stage an admin cannot
 * set, then the spec's two filter aliases. The Filter dialog offers each stage once instead
 * (`STAGES`); an alias reads as the stage it means (`schemas/admin-orders.ts`).
 */
export const FILTER_STATUSES: readonly (Stage | FilterAlias)[] = [
  ...ADMIN_STAGES,
  ...STAGE_TABLE.filter((row) => !row.adminChoosable).map((row) => row.code),
  ...STAGE_TABLE.flatMap((row) =>
    row.aliases.filter((alias: AliasRow) => alias.filter).map((alias) => alias.name),
  ),
] as (Stage | FilterAlias)[];

export function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

/** A stage name or an alias, in any case; undefined for anything else. */
export function parseStage(value: string): Stage | undefined {
  const upper = value.trim().toUpperCase();
  if (isStage(upper)) return upper;
  return (STAGE_ALIASES as Record<string, Stage>)[upper];
}

/**
 * The stage an admin label names ('In Production', 'payment pending'), in any case, spaces trimmed and
 * runs of spaces read as one; undefined for anything else. The orders export writes stages by label, so
 * the import reads them back.
 */
export function stageOfLabel(value: string): Stage | undefined {
  const wanted = value.trim().replace(/\s+/g, ' ').toLowerCase();
  return STAGE_TABLE.find((row) => row.label.toLowerCase() === wanted)?.code;
}

export function stageIndex(stage: Stage): number {
  return STAGES.indexOf(stage);
}

/** The least advanced of several stages (an order's status from its units). */
export function leastAdvanced(stages: readonly Stage[]): Stage {
  if (stages.length === 0) return 'ORDER_PLACED';
  return stages.reduce((min, s) => (stageIndex(s) < stageIndex(min) ? s : min));
}

export type TimelineStepLabel = StageRow['timelineStep'];

/** The customer timeline's steps in order: the table's distinct timeline steps (nine). */
export const TIMELINE_STEPS: readonly TimelineStepLabel[] = [
  ...new Set(STAGE_TABLE.map((row) => row.timelineStep)),
];

/**
 * The stage that names each timeline step, in step order (the first stage on the step): the screens
 * translate a step through its stage's catalogue entry (src/client/locales/<language>/stages.json).
 */
export const TIMELINE_STEP_STAGES: readonly Stage[] = TIMELINE_STEPS.map(
  (step) => (STAGE_TABLE.find((row) => row.timelineStep === step) as StageRow).code,
);

/** Position of a stage on the customer timeline (DOCUMENTS_PENDING sits on Document Signing). */
export function timelineStep(stage: Stage): number {
  return TIMELINE_STEPS.indexOf(rowOf(stage).timelineStep);
}

/**
 * The stage's one name for customers: the name of its timeline step. Every customer screen, toast and
 * e-mail shows a stage through this (the back office keeps STAGE_LABELS); never the code.
 */
export function customerStageLabel(stage: Stage): TimelineStepLabel {
  return rowOf(stage).timelineStep;
}

/** What tells two stages on one customer step apart ('Documents in preparation'), or null. */
export function customerStageHint(stage: Stage): string | null {
  return rowOf(stage).customerHint;
}

/**
 * How an order's stage reads for customers: the one label when every unit is on the same step,
 * else how many units are on each step, the least advanced first ('Payment: 1 of 3 · Production: 2 of 3').
 * `mixed` says whether the units are at different steps.
 */
export function customerOrderStage(unitStages: readonly Stage[]): {
  label: string;
  mixed: boolean;
  breakdown: string;
} {
  const { steps, total } = customerOrderSteps(unitStages);
  const label = (stage: Stage) => customerStageLabel(stage);
  const first = steps[0]?.stage ?? 'ORDER_PLACED';
  if (steps.length <= 1) return { label: label(first), mixed: false, breakdown: '' };
  const breakdown = steps.map(({ stage, count }) => `${label(stage)}: ${count} of ${total}`).join(' · ');
  return { label: 'Units at different stages', mixed: true, breakdown };
}

/**
 * The steps an order's units are on, least advanced first, each named by its stage in
 * TIMELINE_STEP_STAGES, with how many units are there: customerOrderStage in words of any language.
 */
export function customerOrderSteps(unitStages: readonly Stage[]): {
  steps: { stage: Stage; count: number }[];
  total: number;
} {
  const counts = new Map<number, number>();
  for (const stage of unitStages.length > 0 ? unitStages : (['ORDER_PLACED'] as const)) {
    const step = timelineStep(stage);
    counts.set(step, (counts.get(step) ?? 0) + 1);
  }
  const steps = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([step, count]) => ({ stage: TIMELINE_STEP_STAGES[step] as Stage, count }));
  return { steps, total: unitStages.length };
}

/** What the admin Webhooks page's logs call anything that is not a stage. */
const LOG_LABEL_OTHER = 'Order Status Update';

/** Log stage labels used on the admin Webhooks page (any text; a non-stage is an order status update). */
export function logStageLabel(stage: string): string {
  return isStage(stage) ? rowOf(stage).logLabel : LOG_LABEL_OTHER;
}

type MoveRow = Extract<StageRow, { customerMoveTo: Stage }>;

/**
 * The only moves a customer may make, each through its own action: submitting onboarding,
 * and opening a document that is ready. Anything else a customer asks for is refused.
 */
export const CUSTOMER_MOVES: ReadonlyArray<{ from: MoveRow['code']; to: MoveRow['customerMoveTo'] }> =
  STAGE_TABLE.flatMap((row) =>
    row.customerMoveTo === null ? [] : [{ from: row.code, to: row.customerMoveTo }],
  ) as { from: MoveRow['code']; to: MoveRow['customerMoveTo'] }[];

export function isCustomerMove(from: Stage, to: Stage): boolean {
  return CUSTOMER_MOVES.some((move) => move.from === from && move.to === to);
}

/**
 * Whether the customer may book (or move) a delivery day for a unit at this stage: from PRODUCTION
 * until it is delivered. Booking moves a unit before DELIVERY_DATE_CONFIRMED there; one already
 * beyond keeps its stage and only gets the date.
 */
export function canBookDelivery(stage: Stage): boolean {
  return stageIndex(stage) >= stageIndex('PRODUCTION') && stage !== 'DELIVERED';
}
