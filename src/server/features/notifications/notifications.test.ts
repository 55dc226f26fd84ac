import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';
import { enqueueAdminNotice } from './admin-notices.js';
import { enqueueOrderConfirmation } from './order-confirmation.js';

let t: TestApp;
let admin: TestClient;
let ann: TestClient;
const ANN = 'ann@example.com';
const SECOND_ADMIN = 'second-admin@example.com';

beforeAll(async () => {
  t = await startTestApp({
    config: {
      paymentsTestMode: true,
      outbox: { pollMs: 60_000, retryBaseMs: 200, retryMaxMs: 1_000, maxAttempts: 3, timeoutMs: 2_000 },
    },
  });
  admin = (await signedInAdmin(t)).client;
  ann = (await signedInCustomer(t, ANN)).client;
  await t.database.db.insert(users).values({
    email: SECOND_ADMIN,
    password: await hashPassword('second admin 1'),
    role: 'ADMIN',
    verified: true,
  });
});

afterAll(async () => {
  await t?.close();
});

let nextOrder = 1;
async function annOrder(units = 1, email: string | null = ANN) {
  const { order } = await createOrderAtStages(
    t.database.db,
    { orderId: `NT-${nextOrder++}`, productName: 'Garden Studio', email },
    Array.from({ length: units }, () => ({ stage: 'ORDER_PLACED' as const })),
  );
  return order;
}

async function moveTo(orderId: number, status: string, itemNumber?: number) {
  const res = await admin.request('PATCH', `/api/admin/orders/${orderId}/status`, {
    json: { status, itemNumber },
  });
  expect(res.status).toBe(200);
}

/** Sends whatever is queued, then the mails to `to` whose subject names the order. */
async function mailsAbout(to: string, orderNumber: string) {
  await t.app.outbox.drain();
  return t.mail.forAddress(to).filter((mail) => mail.subject.includes(orderNumber));
}

describe('the owner’s stage-change e-mail', () => {
  it('mails the owner once per change, through SMTP, naming the order, product, unit and stage, with a link', async () => {
    const order = await annOrder(2);
    await moveTo(order.id, 'SITE_PREP', 2);

    const mails = await mailsAbout(ANN, order.orderId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`Order ${order.orderId}: Site Preparation - OrderFlow`);
    expect(mail?.text).toContain(
      `${order.orderId} · Unit 2 of your Garden Studio is now at the stage Site Preparation.`,
    );
    expect(mail?.text).toContain(`${t.config.publicUrl}/orders/${order.id}`);
    expect(mail?.html).toContain(`href="${t.config.publicUrl}/orders/${order.id}"`);

    // Both units in one change: still one mail, naming both.
    await moveTo(order.id, 'PRODUCTION');
    const after = await mailsAbout(ANN, order.orderId);
    expect(after).toHaveLength(2);
    expect(after[1]?.text).toContain(
      `${order.orderId} · Unit 1 and ${order.orderId} · Unit 2 of your Garden Studio are now`,
    );
    expect(after[1]?.subject).toContain(': Production');

    // A request that changes nothing mails nothing.
    await moveTo(order.id, 'PRODUCTION');
    expect(await mailsAbout(ANN, order.orderId)).toHaveLength(2);
  });

  it('sends the mail right after the request that made the change, without waiting for the poll', async () => {
    // The poll is a minute in this file: only the kick after the response can send it this soon.
    const order = await annOrder();
    const before = t.mail.forAddress(ANN).length;
    await moveTo(order.id, 'DOCUMENTS_PENDING');
    const mail = await t.mail.waitForMail(ANN, before + 1, 5_000);
    expect(mail.subject).toBe(`Order ${order.orderId}: Document Signing - OrderFlow`);
  });

  it('mails nothing when the owner turned e-mail notifications off, and again once turned on', async () => {
    const off = await ann.request('PATCH', '/api/user/notifications', { json: { email: false } });
    expect(off.status).toBe(200);
    try {
      const order = await annOrder();
      await moveTo(order.id, 'LOCATION_ENABLED');
      expect(await mailsAbout(ANN, order.orderId)).toEqual([]);
      const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, ANN));
      expect(queued.filter((row) => row.subject.includes(order.orderId))).toEqual([]);
    } finally {
      await ann.request('PATCH', '/api/user/notifications', { json: { email: true } });
    }
    const order = await annOrder();
    await moveTo(order.id, 'LOCATION_ENABLED');
    expect(await mailsAbout(ANN, order.orderId)).toHaveLength(1);
  });

  it('mails nothing for a change made with notifyCustomer false, or for a change that rolled back', async () => {
    const order = await annOrder();
    await t.database.db.transaction((tx) =>
      t.app.services.orders.changeStatus(
        tx,
        {
          orderId: order.id,
          to: 'PRODUCTION',
          rule: 'set',
          actor: { kind: 'system' },
          notifyCustomer: false,
        },
        new Date(),
      ),
    );
    expect(await mailsAbout(ANN, order.orderId)).toEqual([]);

    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.services.orders.changeStatus(
          tx,
          { orderId: order.id, to: 'DELIVERED', rule: 'set', actor: { kind: 'system' } },
          new Date(),
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mailsAbout(ANN, order.orderId)).toEqual([]);
  });

  it('mails nothing for a guest order', async () => {
    const order = await annOrder(1, null);
    await moveTo(order.id, 'SITE_PREP');
    await t.app.outbox.drain();
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'stage-change'));
    expect(queued.some((row) => row.subject.includes(order.orderId))).toBe(false);
  });
});

describe('admin notices', () => {
  const notify = (notice: Parameters<typeof enqueueAdminNotice>[1]) =>
    t.database.db.transaction((tx) => enqueueAdminNotice(tx, notice, new Date()));

  it('mails every admin, and only admins, when the matching Notifications setting is on (the default)', async () => {
    const order = await annOrder();
    await notify({ kind: 'new-order', orderId: order.id });
    await notify({ kind: 'document-signing', orderId: order.id, documentStatus: 'ready' });
    await notify({ kind: 'payment', orderId: order.id, paymentStatus: 'paid', amount: '1500.00 USD' });

    for (const to of ['staff@example.com', SECOND_ADMIN]) {
      const mails = await mailsAbout(to, order.orderId);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `New order ${order.orderId} - OrderFlow`,
        `Document ready to sign for order ${order.orderId} - OrderFlow`,
        `Payment paid for order ${order.orderId} - OrderFlow`,
      ]);
      expect(mails[0]?.text).toContain(`Customer: ${ANN}`);
      expect(mails[2]?.text).toContain('Amount: 1500.00 USD');
      expect(mails[0]?.text).toContain(`${t.config.publicUrl}/admin/orders/${order.id}`);
    }
    expect(await mailsAbout(ANN, order.orderId)).toEqual([]);
  });

  it('mails no admin for a notice whose setting is off; the others still go out', async () => {
    const saved = await admin.post('/api/settings/notifications/batch', {
      newOrderAlerts: false,
      paymentProcessing: false,
    });
    expect(saved.status).toBe(200);
    try {
      const order = await annOrder();
      await notify({ kind: 'new-order', orderId: order.id });
      await notify({ kind: 'payment', orderId: order.id, paymentStatus: 'paid' });
      await notify({ kind: 'document-signing', orderId: order.id, documentStatus: 'signed' });
      const mails = await mailsAbout('staff@example.com', order.orderId);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Document signed for order ${order.orderId} - OrderFlow`,
      ]);
    } finally {
      await admin.post('/api/settings/notifications/batch', {
        newOrderAlerts: true,
        paymentProcessing: true,
      });
    }
  });

  it('a paid deposit mails the admins a payment notice', async () => {
    const { order, items } = await createOrderAtStages(
      t.database.db,
      { orderId: `NT-${nextOrder++}`, productName: 'Garden Studio', email: ANN },
      [{ stage: 'FINANCING_PAYMENT', stageData: { paymentAmount: 250_000 } }],
    );
    const link = await ann.post(`/api/order-items/${items[0]?.id}/payment`);
    expect(link.status).toBe(200);
    const paid = await t
      .client()
      .post(`/api/payments/test-checkout/${link.body.sessionId}`, { outcome: 'card' });
    expect(paid.status).toBe(200);

    const mails = await mailsAbout('staff@example.com', order.orderId);
    // The paid unit is named as every screen names it, not by its internal id.
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Payment paid for ${order.orderId} · Unit 1 - OrderFlow`,
    ]);
    expect(mails[0]?.text).toContain('Amount: 2500.00 USD');
    // The owner hears of the move to Site Preparation that the payment caused.
    expect((await mailsAbout(ANN, order.orderId)).map((mail) => mail.subject)).toEqual([
      `Order ${order.orderId}: Site Preparation - OrderFlow`,
    ]);
  });
});

describe('the import’s order confirmation', () => {
  it('mails the owner about an order created or updated for them', async () => {
    const order = await annOrder();
    await t.database.db.transaction((tx) =>
      enqueueOrderConfirmation(tx, { orderId: order.id, created: true }, new Date()),
    );
    const mails = await mailsAbout(ANN, order.orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your order ${order.orderId} is confirmed - OrderFlow`,
    ]);
    expect(mails[0]?.text).toContain('Its current stage: Order Placed.');
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/orders/${order.id}`);
  });
});
