import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.js';
import { financingApplications, outboundWebhooks, uploads, users } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/auth-flow.js';
import { cookieHeader, openSocket } from '../../test/live-socket.js';
import { unitState } from '../../test/payments.js';
import { sendWebhook } from '../../test/webhooks.js';
import { createOrderAtStages } from '../orders/index.js';

/** Fast retries so three attempts fit in a test; the long poll leaves the schedule to wake the sender. */
const OUTBOX = { pollMs: 60_000, retryBaseMs: 100, retryMaxMs: 1_000, maxAttempts: 5, timeoutMs: 2_000 };

const CUSTOMER = 'borrower@example.com';
const OTHER = 'neighbour@example.com';
const APPLICANT = {
  firstName: 'Rosa',
  lastName: 'Quintero',
  email: 'rosa.q@example.com',
  phone: '5125550143',
  dateOfBirth: '1984-03-09',
  address: '12 Juniper Lane, Austin, TX 78701',
  employmentStatus: 'employed',
  annualIncome: 9_600_000,
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A financing provider's endpoint: answers each message (by its webhook-id) the given statuses in turn,
 * the last one from then on.
 */
async function startProvider(statuses: number[]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const tries = received.filter((r) => r.headers['webhook-id'] === req.headers['webhook-id']).length;
      const status = statuses[Math.min(tries, statuses.length) - 1] ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 ? 'try later' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/applications`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let other: TestClient;
let apiKey: string;
let provider: Awaited<ReturnType<typeof startProvider>>;
let secret: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({
    config: { outbox: OUTBOX, allowPrivateWebhookTargets: true, logLevel: 'info' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  admin = (await signedInAdmin(t)).client;
  customer = (await signedInCustomer(t, CUSTOMER)).client;
  other = (await signedInCustomer(t, OTHER)).client;
  apiKey = (await admin.post('/api/admin/api-keys', { name: 'Lender' })).body.key;
  provider = await startProvider([500, 500, 200]);
  const saved = await admin.post('/api/settings/financing/batch', {
    enabled: true,
    providers: [
      { name: 'Acme Lending', url: provider.url, termMonths: [60, 120] },
      { name: 'Harbor Credit', url: provider.url, termMonths: [36] },
    ],
  });
  expect(saved.status).toBe(200);
  const created = await admin.post('/api/admin/financing/signing-secret', {});
  expect(created.status).toBe(200);
  secret = created.body.secret;
});

afterAll(async () => {
  await provider?.close();
  await t?.close();
});

let sequence = 0;
/** An order of `email` with one unit at the payment stage (or the given stage). */
async function paymentUnit(email = CUSTOMER, stage: 'FINANCING_PAYMENT' | 'SITE_PREP' = 'FINANCING_PAYMENT') {
  sequence++;
  const { order, items } = await createOrderAtStages(
    t.database.db,
    { orderId: `FN${String(sequence).padStart(3, '0')}`, productName: 'Cabin 400', email },
    [{ stage, stageData: { paymentAmount: 750_000 } }],
  );
  return { order, itemId: items[0]?.id as number };
}

const draftOf = (extra: Record<string, unknown> = {}) => ({
  provider: 'Acme Lending',
  termMonths: 120,
  amount: 4_750_000,
  applicant: APPLICANT,
  consent: true,
  ...extra,
});

async function uploadPdf(client: TestClient, orderId: number) {
  const form = new FormData();
  form.set('orderId', String(orderId));
  form.set(
    'file',
    new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')]),
    'payslip.pdf',
  );
  const response = await fetch(`${t.baseUrl}/api/uploads`, {
    method: 'POST',
    body: form,
    headers: { cookie: cookieHeader(client.cookies), origin: new URL(t.config.publicUrl).origin },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const path = (itemId: number, rest = '') => `/api/order-items/${itemId}/financing-application${rest}`;

describe('financing settings', () => {
  it('keeps providers and terms, refuses a provider without terms or with a bad address, and masks the secret', async () => {
    const read = await admin.get('/api/settings/financing');
    expect(read.status).toBe(200);
    const values = Object.fromEntries(
      (read.body as { key: string; value: unknown }[]).map((e) => [e.key, e.value]),
    );
    expect(values.enabled).toBe(true);
    expect(values.providers).toEqual([
      { name: 'Acme Lending', url: provider.url, termMonths: [60, 120] },
      { name: 'Harbor Credit', url: provider.url, termMonths: [36] },
    ]);
    expect(secret).toMatch(/^whsec_/);
    expect(values.signingSecret).toBe(`••••••••${secret.slice(-4)}`);
    expect(JSON.stringify(read.body)).not.toContain(secret);

    const bad = await admin.post('/api/settings/financing/batch', {
      providers: [{ name: 'Nowhere', url: 'ftp://lender.example', termMonths: [] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_SETTINGS');
    expect(bad.body.fields.providers).toBeTruthy();
    // A secret sent by the browser is ignored: the server owns it.
    await admin.post('/api/settings/financing/batch', { signingSecret: `whsec_${'A'.repeat(44)}` });
    const after = await admin.get('/api/settings/financing');
    expect(JSON.stringify(after.body)).toContain(`••••••••${secret.slice(-4)}`);
  });
});

describe('who may reach financing applications', () => {
  it('refuses visitors and customers on every staff route, and staff without financing.read', async () => {
    await expectAdminOnly(t, [
      { method: 'GET', path: '/api/admin/financing-applications' },
      { method: 'GET', path: '/api/admin/orders/1/financing-applications' },
      { method: 'POST', path: '/api/admin/financing/signing-secret' },
    ]);
    const support = (await signedInStaff(t, 'SUPPORT')).client;
    const viewer = (await signedInStaff(t, 'VIEWER')).client;
    for (const staff of [support, viewer]) {
      expect((await staff.get('/api/admin/financing-applications')).status).toBe(403);
      expect((await staff.get('/api/admin/orders/1/financing-applications')).status).toBe(403);
      expect((await staff.post('/api/admin/financing/signing-secret', {})).status).toBe(403);
    }
    const operations = (await signedInStaff(t, 'OPERATIONS')).client;
    expect((await operations.get('/api/admin/financing-applications')).status).toBe(200);
    expect((await operations.post('/api/admin/financing/signing-secret', {})).status).toBe(403);
  });

  it('answers 401 to a visitor and 404 to another customer on every customer route, and leaks nothing', async () => {
    const { itemId } = await paymentUnit();
    expect((await customer.request('PUT', path(itemId), { json: draftOf() })).status).toBe(200);
    const visitor = t.client();
    const routes = [
      ['GET', `/api/order-items/${itemId}/financing`],
      ['GET', path(itemId)],
      ['PUT', path(itemId)],
      ['POST', path(itemId, '/submit')],
      ['POST', path(itemId, '/withdraw')],
    ] as const;
    for (const [method, url] of routes) {
      const json = method === 'GET' ? undefined : method === 'PUT' ? draftOf() : {};
      expect((await visitor.request(method, url, { json })).status, `${method} ${url} visitor`).toBe(401);
      const res = await other.request(method, url, { json });
      expect(res.status, `${method} ${url} other customer`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Quintero');
    }
    expect((await customer.get(path(itemId))).body.state).toBe('draft');
  });
  it('shows the new owner of an order that changed hands nothing of the previous owner’s application', async () => {
    const { order, itemId } = await paymentUnit();
    expect((await customer.request('PUT', path(itemId), { json: draftOf() })).status).toBe(200);
    const [neighbour] = await t.database.db.select().from(users).where(eq(users.email, OTHER));
    // An import or a webhook naming another e-mail links the order to that customer.
    await t.database.db.update(orders).set({ userId: neighbour?.id }).where(eq(orders.id, order.id));
    expect((await other.get(path(itemId))).status).toBe(404);
    expect((await other.get(`/api/order-items/${itemId}/financing`)).body.application).toBeNull();
    expect((await customer.get(path(itemId))).status).toBe(404);
    const theirs = await other.request('PUT', path(itemId), { json: { provider: 'Acme Lending' } });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain('Quintero');
  });
});

describe('a customer applies for financing', () => {
  it('saves a draft as they go and reads it back, with its document', async () => {
    const { order, itemId } = await paymentUnit();
    const offer = await customer.get(`/api/order-items/${itemId}/financing`);
    expect(offer.body).toEqual({
      offered: true,
      providers: [
        { name: 'Acme Lending', termMonths: [60, 120] },
        { name: 'Harbor Credit', termMonths: [36] },
      ],
      application: null,
    });
    expect((await customer.get(path(itemId))).status).toBe(404);

    const partial = await customer.request('PUT', path(itemId), {
      json: { provider: 'Acme Lending', applicant: { firstName: 'Rosa' } },
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ state: 'draft', provider: 'Acme Lending', termMonths: null });

    const documentId = await uploadPdf(customer, order.id);
    const full = await customer.request('PUT', path(itemId), {
      json: draftOf({ documentIds: [documentId] }),
    });
    expect(full.status).toBe(200);
    const read = await customer.get(path(itemId));
    expect(read.body).toMatchObject({
      state: 'draft',
      provider: 'Acme Lending',
      termMonths: 120,
      amount: 4_750_000,
      applicant: APPLICANT,
      documentIds: [documentId],
      documents: [{ id: documentId, name: 'payslip.pdf', contentType: 'application/pdf' }],
      consent: true,
    });
  });

  it('refuses a provider or term not offered, another customer’s file, and a unit not waiting for payment', async () => {
    const { itemId } = await paymentUnit();
    const unknown = await customer.request('PUT', path(itemId), {
      json: draftOf({ provider: 'Shady Loans' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('FINANCING_PROVIDER_UNKNOWN');
    const term = await customer.request('PUT', path(itemId), { json: draftOf({ termMonths: 36 }) });
    expect(term.body.code).toBe('FINANCING_TERM_NOT_OFFERED');

    const theirs = await paymentUnit(OTHER);
    const theirFile = await uploadPdf(other, theirs.order.id);
    const stolen = await customer.request('PUT', path(itemId), {
      json: draftOf({ documentIds: [theirFile] }),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('FINANCING_DOCUMENT_NOT_FOUND');

    const later = await paymentUnit(CUSTOMER, 'SITE_PREP');
    const moved = await customer.request('PUT', path(later.itemId), { json: draftOf() });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('UNIT_NOT_AT_PAYMENT');
    expect((await customer.get(`/api/order-items/${later.itemId}/financing`)).body.offered).toBe(false);
  });

  it('will not submit an application without provider, term, amount, name and e-mail, naming each field', async () => {
    const { itemId } = await paymentUnit();
    await customer.request('PUT', path(itemId), {
      json: { provider: 'Acme Lending', applicant: { firstName: 'Rosa', phone: '123' } },
    });
    const res = await customer.post(path(itemId, '/submit'), {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FINANCING_APPLICATION_INCOMPLETE');
    expect(Object.keys(res.body.fields)).toEqual(
      expect.arrayContaining([
        'termMonths',
        'amount',
        'applicant.lastName',
        'applicant.email',
        'applicant.phone',
      ]),
    );
    expect((await customer.get(path(itemId))).body.state).toBe('draft');
    // The name and e-mail with the provider, term and amount are enough; other details are checked when given.
    await customer.request('PUT', path(itemId), {
      json: {
        provider: 'Harbor Credit',
        termMonths: 36,
        amount: 2_000_000,
        applicant: { firstName: 'Rosa', lastName: 'Quintero', email: 'rosa.q@example.com', phone: '' },
      },
    });
    const minimal = await customer.post(path(itemId, '/submit'), {});
    expect(minimal.status).toBe(200);
    expect(minimal.body).toMatchObject({ state: 'submitted', consent: false });
  });
});

describe('submission to the provider and its decision', () => {
  it('reaches the provider signed, exactly once though it answers 500 twice; the approval moves the unit live', async () => {
    const { order, itemId } = await paymentUnit();
    const documentId = await uploadPdf(customer, order.id);
    await customer.request('PUT', path(itemId), { json: draftOf({ documentIds: [documentId] }) });

    const submitted = await customer.post(path(itemId, '/submit'), {});
    expect(submitted.status).toBe(200);
    expect(submitted.body.state).toBe('submitted');
    // Pressed again (another tab): nothing more is sent.
    expect((await customer.post(path(itemId, '/submit'), {})).status).toBe(409);
    expect((await customer.request('PUT', path(itemId), { json: draftOf() })).body.code).toBe(
      'FINANCING_APPLICATION_LOCKED',
    );

    const delivered = async () => {
      const [row] = await t.database.db
        .select()
        .from(outboundWebhooks)
        .where(eq(outboundWebhooks.financingApplicationId, submitted.body.id));
      return row;
    };
    await expect
      .poll(
        async () => {
          await t.app.outbox.webhooks.runOnce();
          return (await delivered())?.status;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe('delivered');

    const messageId = (await delivered())?.messageId;
    const attempts = provider.received.filter((r) => r.headers['webhook-id'] === messageId);
    // Three tries of one message (the same id on each, so the provider keeps one application), and
    // nothing else sent for it.
    expect(attempts).toHaveLength(3);
    const accepted = attempts[2] as Received;
    expect(
      provider.received.filter((r) => JSON.parse(r.body).data.applicationId === submitted.body.id),
    ).toHaveLength(3);
    const payload = new Webhook(secret).verify(accepted.body, {
      'webhook-id': String(accepted.headers['webhook-id']),
      'webhook-timestamp': String(accepted.headers['webhook-timestamp']),
      'webhook-signature': String(accepted.headers['webhook-signature']),
    }) as { type: string; data: Record<string, any> };
    expect(payload.type).toBe('financing.application_submitted');
    expect(payload.data).toMatchObject({
      orderId: order.orderId,
      itemId,
      provider: 'Acme Lending',
      termMonths: 120,
      amount: 4_750_000,
      currency: 'usd',
      applicant: APPLICANT,
      documents: [{ id: documentId, name: 'payslip.pdf' }],
      decision: { paymentType: 'finance', orderId: order.orderId, itemId },
    });
    // Signed with the financing secret, not the automation one.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32).toString('base64')}`).verify(accepted.body, {
        'webhook-id': String(accepted.headers['webhook-id']),
        'webhook-timestamp': String(accepted.headers['webhook-timestamp']),
        'webhook-signature': String(accepted.headers['webhook-signature']),
      }),
    ).toThrow();
    await t.mail.waitFor(() =>
      t.mail
        .forAddress(CUSTOMER)
        .filter((m) => m.subject.includes('application received') && m.text.includes('Acme Lending')),
    );

    // The Webhooks page's delivery log never shows the applicant.
    const log = await admin.get('/api/admin/outbound-webhooks');
    expect(JSON.stringify(log.body)).toContain('financing.application_submitted');
    expect(JSON.stringify(log.body)).not.toContain(APPLICANT.phone);

    // The customer's open page hears the decision.
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(customer.cookies) });
    try {
      const decision = await sendWebhook(
        t.client(),
        'payment',
        {
          orderId: order.orderId,
          itemId,
          paymentStatus: 'successful',
          paymentType: 'finance',
          transactionId: 'acme-7731',
          amount: 4_750_000,
          currency: 'USD',
          financingProvider: 'Acme Lending',
          termLength: 120,
        },
        { key: apiKey },
      );
      expect(decision.status).toBe(200);
      const update = await socket.waitFor((m) => m.orderId === order.id, 5_000);
      expect(update).toMatchObject({ type: 'status_update', status: 'SITE_PREP' });
    } finally {
      socket.close();
    }
    const state = await unitState(t, itemId);
    expect(state.item.status).toBe('SITE_PREP');
    expect(state.item.currentStageData).toMatchObject({
      paymentStatus: 'paid',
      financingProvider: 'Acme Lending',
    });
    const application = await customer.get(path(itemId));
    expect(application.body).toMatchObject({ state: 'approved' });
    expect(application.body.decidedAt).toBeTruthy();
    expect((await customer.get(`/api/order-items/${itemId}/financing`)).body.application.state).toBe(
      'approved',
    );
    const approved = await t.mail.waitFor(() =>
      t.mail.forAddress(CUSTOMER).filter((m) => m.subject.includes('approved')),
    );
    expect(approved[0]?.text).toContain('/orders/');

    // Staff see it in the list, filtered by state, and on the order.
    const listed = await admin.get('/api/admin/financing-applications?status=approved&page=1&pageSize=10');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ id: application.body.id, orderNumber: order.orderId, state: 'approved' }),
    );
    expect(listed.body.total).toBeGreaterThanOrEqual(1);
    const draftsOnly = await admin.get('/api/admin/financing-applications?status=draft');
    expect(draftsOnly.body.items.every((item: { state: string }) => item.state === 'draft')).toBe(true);
    const onOrder = await admin.get(`/api/admin/orders/${order.id}/financing-applications`);
    expect(onOrder.body.items[0]).toMatchObject({ state: 'approved', applicant: APPLICANT });
  });

  it('a declined application leaves the unit at payment, tells the open page, and may be made again', async () => {
    const { order, itemId } = await paymentUnit();
    await customer.request('PUT', path(itemId), {
      json: draftOf({ provider: 'Harbor Credit', termMonths: 36 }),
    });
    expect((await customer.post(path(itemId, '/submit'), {})).status).toBe(200);
    const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(customer.cookies) });
    try {
      const decision = await sendWebhook(
        t.client(),
        'payment',
        { orderId: order.orderId, itemId, paymentStatus: 'failed', paymentType: 'finance' },
        { key: apiKey },
      );
      expect(decision.status).toBe(200);
      const update = await socket.waitFor((m) => m.orderId === order.id, 5_000);
      expect(update.status).toBe('FINANCING_PAYMENT');
    } finally {
      socket.close();
    }
    expect((await unitState(t, itemId)).item.status).toBe('FINANCING_PAYMENT');
    expect((await customer.get(path(itemId))).body.state).toBe('declined');
    await t.mail.waitFor(() => t.mail.forAddress(CUSTOMER).filter((m) => m.subject.includes('not approved')));
    const again = await customer.request('PUT', path(itemId), { json: draftOf() });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'draft', decidedAt: null, provider: 'Acme Lending' });
  });

  it('may be withdrawn while it awaits the decision: the provider is told, a later decline changes nothing', async () => {
    const { order, itemId } = await paymentUnit();
    await customer.request('PUT', path(itemId), { json: draftOf() });
    expect((await customer.post(path(itemId, '/withdraw'), {})).body.code).toBe(
      'FINANCING_APPLICATION_NOT_SUBMITTED',
    );
    const submitted = await customer.post(path(itemId, '/submit'), {});
    expect(submitted.status).toBe(200);

    const withdrawn = await customer.post(path(itemId, '/withdraw'), {});
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: submitted.body.id, state: 'withdrawn' });
    expect((await customer.post(path(itemId, '/withdraw'), {})).status).toBe(409);

    const notices = () =>
      provider.received
        .map(
          (r) =>
            new Webhook(secret).verify(r.body, {
              'webhook-id': String(r.headers['webhook-id']),
              'webhook-timestamp': String(r.headers['webhook-timestamp']),
              'webhook-signature': String(r.headers['webhook-signature']),
            }) as { type: string; data: Record<string, unknown> },
        )
        .filter(
          (m) => m.type === 'financing.application_withdrawn' && m.data.applicationId === submitted.body.id,
        );
    await expect
      .poll(
        async () => {
          await t.app.outbox.webhooks.runOnce();
          return notices().length > 0;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(true);
    expect(notices()[0]?.data).toMatchObject({ orderId: order.orderId, itemId });

    // The provider's decline crossed the withdrawal: the application stays withdrawn, the unit waiting.
    const late = await sendWebhook(
      t.client(),
      'payment',
      { orderId: order.orderId, itemId, paymentStatus: 'failed', paymentType: 'finance' },
      { key: apiKey },
    );
    expect(late.status).toBe(200);
    expect((await customer.get(path(itemId))).body.state).toBe('withdrawn');
    expect((await unitState(t, itemId)).item.status).toBe('FINANCING_PAYMENT');
    const staffView = await admin.get('/api/admin/financing-applications?status=withdrawn');
    expect(staffView.body.items).toContainEqual(
      expect.objectContaining({ id: submitted.body.id, state: 'withdrawn' }),
    );
    // The customer may apply again.
    const again = await customer.request('PUT', path(itemId), { json: draftOf() });
    expect(again.body).toMatchObject({ state: 'draft', decidedAt: null });
  });

  it('goes, with what was sent to the provider, when its order is deleted', async () => {
    const { order, itemId } = await paymentUnit();
    const documentId = await uploadPdf(customer, order.id);
    await customer.request('PUT', path(itemId), { json: draftOf({ documentIds: [documentId] }) });
    const submitted = await customer.post(path(itemId, '/submit'), {});
    const id = submitted.body.id as number;
    expect((await admin.request('DELETE', `/api/admin/orders/${order.id}`)).status).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(financingApplications).where(eq(financingApplications.id, id))).toEqual([]);
    expect(
      await db.select().from(outboundWebhooks).where(eq(outboundWebhooks.financingApplicationId, id)),
    ).toEqual([]);
    expect(await db.select().from(uploads).where(eq(uploads.id, documentId))).toEqual([]);
    const all = await db.select({ payload: outboundWebhooks.payload }).from(outboundWebhooks);
    expect(JSON.stringify(all)).not.toContain(order.orderId);
  });

  it('writes none of the applicant’s personal data to the log, the audit log or the delivery log', async () => {
    // Everything above ran on this server: drafts, submissions, retries, decisions, settings.
    const personal = [APPLICANT.phone, APPLICANT.dateOfBirth, APPLICANT.address, 'Quintero'];
    const log = logLines.join('');
    expect(log).toContain('financing application delivery failed');
    const audit = JSON.stringify((await admin.get('/api/admin/audit?pageSize=100')).body);
    expect(audit).toContain('signing_secret.rotated');
    const deliveries = JSON.stringify((await admin.get('/api/admin/outbound-webhooks?pageSize=100')).body);
    for (const value of personal) {
      expect(log, value).not.toContain(value);
      expect(audit, value).not.toContain(value);
      expect(deliveries, value).not.toContain(value);
    }
  });
});
