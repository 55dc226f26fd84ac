import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.js';
import {
  ADMIN_STAGES,
  CUSTOMER_MOVES,
  customerOrderStage,
  customerStageHint,
  customerStageLabel,
  FILTER_STATUSES,
  isCustomerMove,
  leastAdvanced,
  logStageLabel,
  nextStage,
  parseStage,
  STAGE_ALIASES,
  STAGE_LABELS,
  STAGES,
  stageOfLabel,
  TIMELINE_STEPS,
  timelineStep,
} from './stages.js';

describe('the stage table', () => {
  it('lists the ten stages in fulfilment order, each with its label', () => {
    expect(STAGES).toEqual([
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
    ]);
    expect(STAGE_LABELS).toEqual({
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
    });
  });

  it('lets an admin choose every stage but DOCUMENTS_PENDING', () => {
    expect(ADMIN_STAGES).toHaveLength(9);
    expect(ADMIN_STAGES).toEqual(STAGES.filter((stage) => stage !== 'DOCUMENTS_PENDING'));
  });

  it('accepts twelve filter statuses: the nine set statuses, Documents Pending and the two filter aliases', () => {
    expect(FILTER_STATUSES).toEqual([
      ...ADMIN_STAGES,
      'DOCUMENTS_PENDING',
      'PAYMENT_PENDING',
      'DELIVERY_SCHEDULED',
    ]);
  });

  it('resolves aliases and stage names in any case', () => {
    expect(STAGE_ALIASES).toEqual({
      PAYMENT_PENDING: 'FINANCING_PAYMENT',
      DELIVERY_SCHEDULED: 'DELIVERY_DATE_CONFIRMED',
      SCHEDULED: 'DELIVERY_DATE_CONFIRMED',
    });
    expect(parseStage('payment_pending')).toBe('FINANCING_PAYMENT');
    expect(parseStage(' Delivery_Scheduled ')).toBe('DELIVERY_DATE_CONFIRMED');
    expect(parseStage('SCHEDULED')).toBe('DELIVERY_DATE_CONFIRMED');
    expect(parseStage('site_prep')).toBe('SITE_PREP');
    expect(parseStage('SHIPPED')).toBeUndefined();
    for (const stage of STAGES) expect(parseStage(stage)).toBe(stage);
  });

  it('has nine timeline steps, and every stage sits on one of them in order', () => {
    expect(TIMELINE_STEPS).toEqual([
      'Order Placed',
      'Location Enabled',
      'Document Signing',
      'Payment',
      'Site Preparation',
      'Production',
      'Delivery Scheduled',
      'Final Documentation',
      'Delivered',
    ]);
    expect(STAGES.map(timelineStep)).toEqual([0, 1, 2, 2, 3, 4, 5, 6, 7, 8]);
    const positions = STAGES.map(timelineStep);
    expect(new Set(positions).size).toBe(TIMELINE_STEPS.length);
  });

  it('labels the Webhooks page logs', () => {
    expect(logStageLabel('DOCUMENTS_SIGNING')).toBe('Document Signing');
    expect(logStageLabel('FINANCING_PAYMENT')).toBe('Payment Processing');
    expect(logStageLabel('DELIVERY_DATE_CONFIRMED')).toBe('Delivery Date');
    expect(logStageLabel('LOCATION_ENABLED')).toBe('Location Validation');
    for (const other of [
      'ORDER_PLACED',
      'DOCUMENTS_PENDING',
      'SITE_PREP',
      'PRODUCTION',
      'DELIVERED',
      'SHIPPED',
      '',
    ]) {
      expect(logStageLabel(other)).toBe('Order Status Update');
    }
  });

  it('allows a customer only the two moves of onboarding and document signing', () => {
    expect(CUSTOMER_MOVES).toEqual([
      { from: 'LOCATION_ENABLED', to: 'DOCUMENTS_PENDING' },
      { from: 'DOCUMENTS_PENDING', to: 'DOCUMENTS_SIGNING' },
    ]);
    expect(isCustomerMove('LOCATION_ENABLED', 'DOCUMENTS_PENDING')).toBe(true);
    expect(isCustomerMove('DOCUMENTS_SIGNING', 'FINANCING_PAYMENT')).toBe(false);
  });

  it('names the next stage an admin may choose, passing over Documents Pending, and none after Delivered', () => {
    expect(nextStage('ORDER_PLACED')).toBe('LOCATION_ENABLED');
    expect(nextStage('LOCATION_ENABLED')).toBe('DOCUMENTS_SIGNING');
    expect(nextStage('DOCUMENTS_PENDING')).toBe('DOCUMENTS_SIGNING');
    expect(nextStage('PRODUCTION')).toBe('DELIVERY_DATE_CONFIRMED');
    expect(nextStage('FINAL_DOCUMENTS')).toBe('DELIVERED');
    expect(nextStage('DELIVERED')).toBeNull();
  });

  it('takes the least advanced stage', () => {
    expect(leastAdvanced(['PRODUCTION', 'DOCUMENTS_PENDING', 'DELIVERED'])).toBe('DOCUMENTS_PENDING');
    expect(leastAdvanced([])).toBe('ORDER_PLACED');
  });
});

describe('the customer vocabulary', () => {
  it('gives each stage one customer label, the name of its timeline step', () => {
    expect(Object.fromEntries(STAGES.map((stage) => [stage, customerStageLabel(stage)]))).toEqual({
      ORDER_PLACED: 'Order Placed',
      LOCATION_ENABLED: 'Location Enabled',
      DOCUMENTS_PENDING: 'Document Signing',
      DOCUMENTS_SIGNING: 'Document Signing',
      FINANCING_PAYMENT: 'Payment',
      SITE_PREP: 'Site Preparation',
      PRODUCTION: 'Production',
      DELIVERY_DATE_CONFIRMED: 'Delivery Scheduled',
      FINAL_DOCUMENTS: 'Final Documentation',
      DELIVERED: 'Delivered',
    });
    for (const stage of STAGES) expect(TIMELINE_STEPS[timelineStep(stage)]).toBe(customerStageLabel(stage));
  });

  it('tells apart the two stages on Document Signing with a hint, and no other', () => {
    expect(STAGES.filter((stage) => customerStageHint(stage) !== null)).toEqual(['DOCUMENTS_PENDING']);
    expect(customerStageHint('DOCUMENTS_PENDING')).toBe('Documents in preparation');
  });

  it('names an order by its one step, or says its units are at different stages and where', () => {
    expect(customerOrderStage(['PRODUCTION', 'PRODUCTION'])).toEqual({
      label: 'Production',
      mixed: false,
      breakdown: '',
    });
    // Two stages on one step read as one.
    expect(customerOrderStage(['DOCUMENTS_SIGNING', 'DOCUMENTS_PENDING']).label).toBe('Document Signing');
    expect(customerOrderStage(['PRODUCTION', 'FINANCING_PAYMENT', 'PRODUCTION'])).toEqual({
      label: 'Units at different stages',
      mixed: true,
      breakdown: 'Payment: 1 of 3 · Production: 2 of 3',
    });
    expect(customerOrderStage([]).label).toBe('Order Placed');
  });

  it('is what every customer screen, toast and e-mail names a stage by, never the admin labels', () => {
    const root = join(import.meta.dirname, '..');
    const customerDirs = [
      'client/features/orders',
      'client/features/payments',
      'client/features/onboarding',
      'client/features/shell',
      'client/features/home',
      'client/features/account',
      'client/features/forecast',
      'client/features/delivery-booking',
      'server/features/notifications',
    ];
    const files = [
      ...customerDirs.flatMap((dir) =>
        readdirSync(join(root, dir))
          .filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))
          .map((name) => join(dir, name)),
      ),
      'client/lib/live-connection.tsx',
      'server/mail/templates.ts',
    ];
    const source = (file: string) => readFileSync(join(root, file), 'utf8');
    const usingAdminLabels = files.filter((file) => /STAGE_LABELS|logStageLabel/.test(source(file)));
    expect(usingAdminLabels).toEqual([]);
    // The places that show a stage to a customer go through the one vocabulary.
    const showingStages = [
      'client/features/orders/unit-card.tsx',
      'client/features/orders/order-details.tsx',
      'client/features/orders/order-page.tsx',
      'client/features/home/where-things-stand.tsx',
      'client/features/account/recent-activity-card.tsx',
      'client/features/shell/customer-shell.tsx',
      'server/features/notifications/status-change.ts',
      'server/features/notifications/order-confirmation.ts',
    ];
    for (const file of showingStages) {
      expect(source(file), file).toMatch(
        /customerStageLabel|customerOrderStage|OrderStageBadge|useStageText|mailStageLabel/,
      );
    }
  });
});

/** A stage's code or an alias, as a word in upper case: what no person should read. */
const CODE_WORD = new RegExp(`\\b(${[...STAGES, ...Object.keys(STAGE_ALIASES)].join('|')})\\b`);
/** Text written like a code: upper case words joined by underscores. */
const CODE_LIKE = /^[A-Z0-9]+(_[A-Z0-9]+)*$|_/;

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('one stage vocabulary', () => {
  it('names each stage by words, once per audience, never by its code or an alias', () => {
    const admin = STAGES.map((stage) => STAGE_LABELS[stage]);
    const customer = STAGES.map(customerStageLabel);
    const log = STAGES.map(logStageLabel);
    for (const label of [...admin, ...customer, ...log]) {
      expect(label).not.toMatch(CODE_LIKE);
      expect(label).not.toMatch(CODE_WORD);
    }
    // Staff tell every stage apart by its label, and a label reads back as its stage (the export's
    // Status column, re-imported).
    expect(new Set(admin).size).toBe(STAGES.length);
    for (const stage of STAGES) expect(stageOfLabel(STAGE_LABELS[stage])).toBe(stage);
    expect(stageOfLabel('  in   PRODUCTION ')).toBe('PRODUCTION');
    expect(stageOfLabel('Production')).toBeUndefined();
  });

  // The mail catalogues are held to the same rule by src/server/style-guide.test.ts.
  it('has a customer name for every stage in every language, and no catalogue text shows a code', () => {
    const locales = join(import.meta.dirname, '../client/locales');
    for (const locale of LOCALES) {
      const files = readdirSync(join(locales, locale)).filter((name) => name.endsWith('.json'));
      const catalogues = files.map((name) => ({
        name,
        messages: JSON.parse(readFileSync(join(locales, locale, name), 'utf8')) as Record<string, unknown>,
      }));
      const common = catalogues.find((catalogue) => catalogue.name === 'common.json')?.messages as {
        stage: Record<string, string>;
      };
      for (const stage of STAGES) {
        const name = common.stage[stage];
        expect(name, `${locale} ${stage}`).toMatch(/\S/);
        expect(name, `${locale} ${stage}`).not.toMatch(CODE_LIKE);
      }
      for (const { name, messages } of catalogues) {
        for (const text of texts(messages)) expect(text, `${locale}/${name}`).not.toMatch(CODE_WORD);
      }
    }
  });
});
