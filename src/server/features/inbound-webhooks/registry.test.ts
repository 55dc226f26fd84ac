import { describe, expect, it } from 'vitest';
import { WEBHOOK_ENDPOINTS } from '../../../shared/schemas/webhooks.js';
import { INBOUND_WEBHOOK_PATHS, INBOUND_WEBHOOKS, inboundWebhookFor } from './registry.js';

describe('the inbound webhook registry', () => {
  it('has one effect for every documented payload, and nothing undocumented', () => {
    const documented = WEBHOOK_ENDPOINTS.flatMap((endpoint) =>
      endpoint.variants.map((variant) => ({ path: endpoint.endpoint, variant })),
    );
    for (const { path, variant } of documented) {
      expect(inboundWebhookFor(path, variant), `${path} ${variant.title ?? ''}`).toBeDefined();
    }
    expect(INBOUND_WEBHOOKS).toHaveLength(documented.length);
    expect(INBOUND_WEBHOOK_PATHS).toEqual(WEBHOOK_ENDPOINTS.map((endpoint) => endpoint.endpoint));
  });
});
