import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPayload, describeFields, WEBHOOK_ENDPOINTS, webhookEndpoint } from './webhooks.js';

const endpoint = (name: string) => {
  const found = webhookEndpoint(name);
  if (!found) throw new Error(`no endpoint ${name}`);
  return found;
};

describe('webhook payload documentation', () => {
  it.each(WEBHOOK_ENDPOINTS.flatMap((e) => e.variants.map((v) => [e.endpoint, v.title ?? '', v] as const)))(
    '%s %s: documents every field of its schema and nothing else, and its example is valid',
    (name, _title, variant) => {
      expect(Object.keys(variant.fields).sort()).toEqual(Object.keys(variant.schema.def.shape).sort());
      expect(checkPayload(endpoint(name), variant.example)).toMatchObject({ success: true });
    },
  );

  it('reads required and optional from the schema, and conditions from the same rules validation uses', () => {
    const fields = describeFields(endpoint('document-signing').variants[0]!);
    expect(fields.filter((f) => f.required).map((f) => f.name)).toEqual([
      'orderId',
      'documentStatus',
      'documentUrl',
    ]);
    expect(fields.find((f) => f.name === 'expiresAt')).toMatchObject({
      required: false,
      requiredWhen: 'documentStatus is ready',
    });
    expect(fields.find((f) => f.name === 'itemId')).toMatchObject({
      required: false,
      requiredWhen: undefined,
    });
  });

  it('requires the fields docs/api.md lists for each payload', () => {
    const required = (name: string, index = 0) =>
      describeFields(endpoint(name).variants[index]!)
        .filter((f) => f.required)
        .map((f) => f.name);
    expect(required('order-status')).toEqual(['orderId', 'status']);
    expect(required('payment')).toEqual(['orderId', 'paymentStatus', 'paymentType']);
    expect(required('location-validation', 0)).toEqual([
      'orderId',
      'zipCode',
      'validationResult',
      'locationEnabled',
    ]);
    expect(required('location-validation', 1)).toEqual([
      'zipCode',
      'validationResult',
      'locationEnabled',
      'globalUpdate',
    ]);
    expect(required('location-validation/bulk')).toEqual(['zipCodes', 'validationResult', 'locationEnabled']);
    expect(required('delivery-date')).toEqual(['orderId', 'deliveryDate']);
  });
});

describe('checkPayload', () => {
  it('names every missing field, and every conditional one', () => {
    expect(checkPayload(endpoint('payment'), { paymentStatus: 'successful' })).toEqual({
      success: false,
      message: 'Missing required fields: orderId, paymentType, transactionId, amount, currency',
      fields: {
        orderId: 'Required',
        paymentType: 'Required',
        transactionId: 'Required when paymentStatus is successful',
        amount: 'Required when paymentStatus is successful',
        currency: 'Required when paymentStatus is successful',
      },
    });
  });

  it('says what is wrong with a present field', () => {
    const checked = checkPayload(endpoint('payment'), {
      orderId: 'VH1',
      paymentStatus: 'paid',
      paymentType: 'cash',
    });
    expect(checked).toMatchObject({
      success: false,
      fields: {
        paymentStatus: 'Must be one of: successful, failed, pending',
        paymentType: 'Must be one of: direct_pay, finance',
      },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(checkPayload(endpoint('order-status'), null)).toMatchObject({
      success: false,
      fields: { body: expect.any(String) },
    });
  });
});

describe('docs/api.md', () => {
  const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

  it.each(WEBHOOK_ENDPOINTS.map((e) => [e.endpoint, e] as const))(
    'documents %s with every field of its payloads',
    (_name, definition) => {
      expect(doc).toContain(`POST /api/webhooks/${definition.endpoint}\``);
      for (const variant of definition.variants) {
        for (const field of Object.keys(variant.schema.def.shape)) expect(doc).toContain(`\`${field}\``);
      }
    },
  );

  it('has curl examples whose bodies the server accepts', () => {
    const examples = [...doc.matchAll(/\$BASE\/api\/webhooks\/([\w/-]+)"[^']*?-d '([^']+)'/g)];
    expect(examples.length).toBeGreaterThanOrEqual(WEBHOOK_ENDPOINTS.length);
    for (const [, name = '', body = ''] of examples) {
      expect(checkPayload(endpoint(name), JSON.parse(body)), `${name} ${body}`).toMatchObject({
        success: true,
      });
    }
    const covered = new Set(examples.map(([, name]) => name));
    expect([...covered].sort()).toEqual(WEBHOOK_ENDPOINTS.map((e) => e.endpoint).sort());
  });
});
