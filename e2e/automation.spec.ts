/**
 * Outbound automation webhooks (docs/api.md): the admin points the automation URL at a receiver, a
 * stage change reaches it signed the Standard Webhooks way (verified with the secret the Integrations
 * tab shows), and the delivery with its attempts shows in Webhooks → Outbound; axe and screenshots. The
 * URL is put back at the end, so the other journeys' changes queue nothing.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectToast } from './support/auth.js';
import { expectNoSeriousViolations } from './support/axe.js';
import { shoot } from './support/screenshots.js';
import { AUTOMATION_ORDERS } from './support/seed-automation.js';
import { expect, test } from './support/test.js';

test.use({ storageState: async ({ admin }, use) => use(admin.storageState) });

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl = '';
let urlBefore = '';

test.beforeAll(async ({ browser, admin }) => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      // The first try fails, so the journey sees a retry in the attempts.
      res.writeHead(received.length === 1 ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/e2e`;
  const context = await browser.newContext({ storageState: admin.storageState });
  const entries = (await (await context.request.get('/api/settings/integrations')).json()) as {
    key: string;
    value: unknown;
  }[];
  urlBefore = String(entries.find((e) => e.key === 'zapierWebhookUrl')?.value ?? '');
  await context.close();
});

test.afterAll(async ({ browser, admin }) => {
  const context = await browser.newContext({ storageState: admin.storageState });
  await context.request.post('/api/settings/integrations/batch', { data: { zapierWebhookUrl: urlBefore } });
  await context.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('a stage change reaches the automation URL signed, and the delivery shows with its attempts', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/admin/settings?tab=integrations');
  await page.getByLabel('Automation Webhook URL').fill(receiverUrl);
  await page.getByRole('button', { name: 'Save Integrations' }).click();
  await expectToast(page, 'Settings saved');

  const secretField = page.getByRole('textbox', { name: 'Automation Signing Secret' });
  await page.getByRole('button', { name: 'Show signing secret' }).click();
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await expectNoSeriousViolations(page, 'integrations with the signing secret');
  await shoot(page, 'automation-signing-secret');

  // The order's business id is what the admin searches; the stage is changed through the admin API.
  const list = await page.request.get(`/api/admin/orders?q=${AUTOMATION_ORDERS.placed.orderId}`);
  const order = ((await list.json()) as { items: { id: number }[] }).items[0];
  if (!order) throw new Error('the seeded order is missing');
  const moved = await page.request.patch(`/api/admin/orders/${order.id}/status`, {
    data: { status: 'SITE_PREP' },
  });
  expect(moved.status()).toBe(200);

  // The first try is refused (503); the retry, 10 s later by default, is accepted.
  await expect.poll(() => received.length, { timeout: 40_000 }).toBe(2);
  const last = received[1];
  if (!last) throw new Error('no second delivery');
  const payload = new Webhook(secret).verify(last.body, {
    'webhook-id': String(last.headers['webhook-id']),
    'webhook-timestamp': String(last.headers['webhook-timestamp']),
    'webhook-signature': String(last.headers['webhook-signature']),
  }) as { type: string; data: { orderNumber: string; status: string } };
  expect(payload).toMatchObject({
    type: 'order.status_changed',
    data: { orderNumber: AUTOMATION_ORDERS.placed.orderId, status: 'SITE_PREP' },
  });

  await page.goto('/admin/webhooks?tab=outbound');
  const item = page.getByRole('listitem').filter({ hasText: `Order ${AUTOMATION_ORDERS.placed.orderId}` });
  await expect(item).toContainText('Delivered');
  await expect(item).toContainText('2 attempts');
  await item.getByText('Attempts', { exact: true }).click();
  await expect(item.getByRole('row')).toHaveCount(3);
  await expect(item.getByRole('row').nth(1)).toContainText('503');
  await expectNoSeriousViolations(page, 'outbound deliveries');
  await shoot(page, 'automation-outbound');
});
