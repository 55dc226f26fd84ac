import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '../../shared/live.js';
import { ERROR_STATUS, errorCodes } from '../lib/errors.js';
import { readApiDoc, webhookCurlExamples } from '../test/api-doc.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { API_DOCS_PREFIX } from './openapi.js';

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string }>;
    schemas: Record<string, { enum?: string[]; 'x-status'?: Record<string, number>; properties?: object }>;
  };
};

/** Fastify's `/api/orders/:id` as the document writes it: `/api/orders/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let doc: Document;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await startTestApp({
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push({ method: method.toLowerCase(), url: route.url });
    },
  });
  const response = await t.client().get('/api/openapi.json');
  expect(response.status).toBe(200);
  doc = response.body;
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered route but HEAD twins and the reference page itself', () => {
    // HEAD answers like its GET; /api/docs/* are the reference page's own files.
    const described = registered.filter((r) => r.method !== 'head' && !r.url.startsWith(API_DOCS_PREFIX));
    expect(described.length).toBeGreaterThan(60);
    const missing = described.filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method]);
    expect(missing).toEqual([]);
    expect(doc.paths[LIVE_PATH]?.get).toBeDefined();
  });

  it('lists every error code of the registry with its HTTP status, and the error body refers to it', () => {
    const { ErrorCode, Error: errorBody } = doc.components.schemas;
    const registry = [...errorCodes.keys()].sort();
    // Codes of capabilities all over the server: the document is complete, not just the generic kinds.
    expect(registry).toEqual(
      expect.arrayContaining(['ORDER_NOT_FOUND', 'SLOT_FULL', 'CODES_PAUSED', 'API_KEY_INVALID']),
    );
    expect(ErrorCode?.enum).toEqual(registry);
    expect(ErrorCode?.['x-status']).toMatchObject({
      SLOT_FULL: 409,
      CODES_PAUSED: 429,
      ORDER_NOT_FOUND: 404,
    });
    for (const code of registry) {
      expect(ErrorCode?.['x-status']?.[code]).toBe(ERROR_STATUS[errorCodes.get(code) ?? 'INTERNAL']);
    }
    expect(errorBody?.properties).toMatchObject({ code: { $ref: '#/components/schemas/ErrorCode' } });
  });

  it('states the credential of each kind of route', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie' },
      apiKey: { type: 'http', scheme: 'bearer' },
      metricsToken: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.paths['/api/webhooks/orders']?.post?.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/admin/orders']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/orders/{id}']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/healthz']?.get?.security).toEqual([]);
  });

  it("accepts the guide's webhook examples with its request schemas, and refuses a broken one", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const bodySchema = (endpoint: string) => {
      const schema =
        doc.paths[`/api/webhooks/${endpoint}`]?.post?.requestBody?.content['application/json']?.schema;
      if (!schema) throw new Error(`no request body documented for ${endpoint}`);
      return ajv.compile({ ...(schema as object), components: doc.components });
    };
    const examples = webhookCurlExamples(readApiDoc());
    expect(examples.length).toBeGreaterThanOrEqual(7);
    for (const { endpoint, body } of examples) {
      const validate = bodySchema(endpoint);
      expect(validate(body), `${endpoint}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(bodySchema('payment')({ orderId: 'VH1', paymentStatus: 'paid', paymentType: 'cash' })).toBe(false);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference from this server, within the content security policy', async () => {
    const client = t.client();
    const page = await client.get(`${API_DOCS_PREFIX}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = String(page.body);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, ref = '']) => ref);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      // Relative to the page: same origin, which the policy's 'self' allows.
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const file = await client.get(new URL(asset, `${t.baseUrl}${API_DOCS_PREFIX}/`).pathname);
      expect(file.status, asset).toBe(200);
    }
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    // The page reads its document from this server.
    const initializer = await client.get(`${API_DOCS_PREFIX}/static/swagger-initializer.js`);
    expect(String(initializer.body)).toContain("resolveUrl('./json')");
  });
});
