import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../lib/crypto.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer } from '../../test/auth-flow.js';
import { HEADER, postImport, toCsv } from '../../test/fixtures/import-files.js';
import { sendWebhook } from '../../test/webhooks.js';

let t: TestApp;
let admin: TestClient;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
  key = (await admin.post('/api/admin/api-keys', { name: 'Web shop' })).body.key;
});

afterAll(async () => {
  await t?.close();
});

let next = 1;
const orderNumber = (prefix: string) => `${prefix}-${process.pid}-${next++}`;

/** Sends what is queued, then the confirmations that reached `to` (by SMTP, through the mail catcher). */
async function confirmationsTo(to: string, orderId: string) {
  await t.app.outbox.drain();
  return t.mail.forAddress(to).filter((mail) => mail.subject.includes(orderId));
}

/** The `/track/<token>` address in a mail, on PUBLIC_URL. */
function trackingLinkIn(text: string): string {
  const match = text.match(new RegExp(`${t.config.publicUrl}/track/[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no tracking link in:\n${text}`);
  return match[0];
}

async function setNotifications(values: Record<string, boolean>) {
  expect((await admin.post('/api/settings/notifications/batch', values)).status).toBe(200);
}

describe('the order confirmation', () => {
  it('an order from the orders webhook mails a new customer the tracking link that opens their order, and how to set a password', async () => {
    const orderId = orderNumber('OC-W');
    const res = await sendWebhook(
      t.client(),
      'orders',
      { orderId, productName: 'Garden Studio', quantity: 2, email: 'web.buyer@example.com' },
      { key },
    );
    expect(res.status).toBe(201);

    const mails = await confirmationsTo('web.buyer@example.com', orderId);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toContain(`Your order ${orderId} is confirmed`);
    expect(mail?.text).toContain(`We have your order ${orderId} for 2 × Garden Studio.`);
    expect(mail?.text).toContain(
      'You have no password yet: open the sign-in page, enter web.buyer@example.com',
    );
    expect(mail?.text).toContain(`Create your password: ${t.config.publicUrl}/auth`);

    const link = trackingLinkIn(mail?.text ?? '');
    expect(mail?.html).toContain(`href="${link}"`);
    const token = link.split('/track/')[1];
    const tracked = await t.client().get(`/api/track/${token}`);
    expect(tracked.status).toBe(200);
    expect(tracked.body).toMatchObject({ orderId, productName: 'Garden Studio' });

    // The same message again is the same order: no second confirmation.
    const again = await sendWebhook(
      t.client(),
      'orders',
      { orderId, productName: 'Garden Studio', quantity: 2, email: 'web.buyer@example.com' },
      { key },
    );
    expect([200, 201]).toContain(again.status);
    expect(await confirmationsTo('web.buyer@example.com', orderId)).toHaveLength(1);
  });

  it('is written in the customer’s language and, for a customer with a password, links to their order', async () => {
    await t.database.db.insert(users).values({
      email: 'cliente@example.com',
      password: await hashPassword('una contraseña larga'),
      locale: 'es',
      verified: true,
    });
    const orderId = orderNumber('OC-ES');
    const res = await sendWebhook(
      t.client(),
      'orders',
      { orderId, productName: 'Estudio', email: 'cliente@example.com' },
      { key },
    );
    expect(res.status).toBe(201);
    const [mail] = await confirmationsTo('cliente@example.com', orderId);
    expect(mail?.subject).toContain(`Tu pedido ${orderId} está confirmado`);
    expect(mail?.text).toContain(`Recibimos tu pedido ${orderId} de Estudio.`);
    expect(mail?.text).not.toContain('Aún no tienes contraseña');
    expect(mail?.text).toContain(`O inicia sesión para ver tu pedido: ${t.config.publicUrl}/orders/`);
    const token = trackingLinkIn(mail?.text ?? '').split('/track/')[1];
    expect((await t.client().get(`/api/track/${token}`)).status).toBe(200);
  });

  it('sends nothing for webhook orders once Settings turns confirmWebhookOrders off, or for an order with no e-mail', async () => {
    const noEmail = orderNumber('OC-G');
    expect(
      (await sendWebhook(t.client(), 'orders', { orderId: noEmail, productName: 'Studio' }, { key })).status,
    ).toBe(201);

    await setNotifications({ confirmWebhookOrders: false });
    try {
      const orderId = orderNumber('OC-OFF');
      const res = await sendWebhook(
        t.client(),
        'orders',
        { orderId, productName: 'Studio', email: 'quiet.buyer@example.com' },
        { key },
      );
      expect(res.status).toBe(201);
      await t.app.outbox.drain();
      expect(t.mail.forAddress('quiet.buyer@example.com')).toEqual([]);
    } finally {
      await setNotifications({ confirmWebhookOrders: true });
    }
    // A guest order has no customer to confirm to (only the staff's new-order alert names it).
    const aboutGuest = t.mail.mails.filter((mail) => mail.subject.includes(noEmail));
    expect(aboutGuest.flatMap((mail) => mail.to)).toEqual(['staff@example.com']);
  });

  it('an order staff create (POST /api/admin/orders) is confirmed, unless confirmAdminOrders is off', async () => {
    const orderId = orderNumber('OC-A');
    const created = await admin.post('/api/admin/orders', {
      orderId,
      productName: 'Garden Studio',
      email: 'phone.buyer@example.com',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Order created',
      order: { orderId, status: 'ORDER_PLACED' },
    });
    const [mail] = await confirmationsTo('phone.buyer@example.com', orderId);
    expect(mail?.subject).toContain(`Your order ${orderId} is confirmed`);
    const token = trackingLinkIn(mail?.text ?? '').split('/track/')[1];
    expect((await t.client().get(`/api/track/${token}`)).body).toMatchObject({ orderId });

    // The same orderId again is refused, whichever way it comes.
    const again = await admin.post('/api/admin/orders', { orderId, productName: 'Garden Studio' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ORDER_ALREADY_EXISTS',
      fields: { orderId: expect.any(String) },
    });

    await setNotifications({ confirmAdminOrders: false });
    try {
      const quiet = orderNumber('OC-A');
      const res = await admin.post('/api/admin/orders', {
        orderId: quiet,
        productName: 'Garden Studio',
        email: 'phone.quiet@example.com',
      });
      expect(res.status).toBe(201);
      await t.app.outbox.drain();
      expect(t.mail.forAddress('phone.quiet@example.com')).toEqual([]);
    } finally {
      await setNotifications({ confirmAdminOrders: true });
    }
  });

  it('order entry is staff-only: a customer gets 403 and a visitor 401; a bad body 400', async () => {
    const customer = (await signedInCustomer(t, 'nosy.customer@example.com')).client;
    const body = { orderId: orderNumber('OC-X'), productName: 'Studio' };
    expect((await customer.post('/api/admin/orders', body)).status).toBe(403);
    expect((await t.client().post('/api/admin/orders', body)).status).toBe(401);
    const bad = await admin.post('/api/admin/orders', { productName: 'Studio', quantity: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('orderId');
  });

  it('an import confirms its orders only with sendNotification, once each, whatever confirmAdminOrders says', async () => {
    const quiet = orderNumber('OC-I');
    const told = orderNumber('OC-I');
    const csv = (id: string, email: string) => toCsv([HEADER, [id, 'Studio 240', '1', '', '', email, '']]);
    expect(
      (await postImport(admin, { name: 'o.csv', content: csv(quiet, 'imp.quiet@example.com') })).status,
    ).toBe(200);
    await setNotifications({ confirmAdminOrders: false });
    try {
      const res = await postImport(
        admin,
        { name: 'o.csv', content: csv(told, 'imp.told@example.com') },
        { sendNotification: true },
      );
      expect(res.status).toBe(200);
    } finally {
      await setNotifications({ confirmAdminOrders: true });
    }
    expect(await confirmationsTo('imp.quiet@example.com', quiet)).toEqual([]);
    const mails = await confirmationsTo('imp.told@example.com', told);
    expect(mails).toHaveLength(1);
    const token = trackingLinkIn(mails[0]?.text ?? '').split('/track/')[1];
    expect((await t.client().get(`/api/track/${token}`)).body).toMatchObject({ orderId: told });
  });
});
