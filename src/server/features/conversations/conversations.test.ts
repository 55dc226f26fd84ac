import { asc, count, eq, gt, like, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/permissions.js';
import { ORDER_UPLOAD_QUOTA_BYTES } from '../../../shared/schemas/conversations.js';
import { orderItems } from '../../db/schema/orders.js';
import { auditLog, mailOutbox, uploads, users } from '../../db/schema.js';
import { manualClock, startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInCustomer, signedInStaff, signIn } from '../../test/auth-flow.js';
import { cookieHeader, openSocket, type TestSocket } from '../../test/live-socket.js';
import { createOrderAtStages } from '../orders/index.js';

const DELAY_MS = 120_000;
const clock = manualClock();
let t: TestApp;
let admin: TestClient;
let viewer: TestClient;
let support: TestClient;
let operations: TestClient;
let ann: { client: TestClient; user: { id: number } };
let bob: { client: TestClient; user: { id: number } };
let annOrder: number;
let annItem: number;
let bobOrder: number;
const sockets: TestSocket[] = [];

/** The smallest valid files of each kind, recognised by their first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

async function staffMember(role: StaffRole, email: string) {
  return (await signedInStaff(t, role, email)).client;
}

let sequence = 0;
async function orderOf(email: string) {
  sequence++;
  const { order, items } = await createOrderAtStages(
    t.database.db,
    { orderId: `CV${String(sequence).padStart(3, '0')}`, productName: 'Cabin 400', email },
    [{ stage: 'FINAL_DOCUMENTS' }],
  );
  return { orderId: order.id, itemId: items[0]?.id as number, orderNumber: order.orderId };
}

/** The origin a page of the product sends: PUBLIC_URL's. */
const productOrigin = () => new URL(t.config.publicUrl).origin;

/** POST /api/uploads as a browser form would send it. */
async function upload(client: TestClient | null, orderId: number | null, bytes: Buffer, name: string) {
  const form = new FormData();
  if (orderId !== null) form.set('orderId', String(orderId));
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${t.baseUrl}/api/uploads`, {
    method: 'POST',
    body: form,
    headers: client
      ? { cookie: cookieHeader(client.cookies), origin: productOrigin() }
      : { origin: productOrigin() },
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function download(client: TestClient | null, id: string, query = '') {
  const response = await fetch(`${t.baseUrl}/api/uploads/${id}${query}`, {
    headers: client ? { cookie: cookieHeader(client.cookies) } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const storedFiles = async () => (await t.database.db.select({ n: count() }).from(uploads))[0]?.n ?? 0;

async function connect(client: TestClient) {
  const socket = await openSocket(t.baseUrl, { cookie: cookieHeader(client.cookies) });
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  t = await startTestApp({ clock, config: { messageMailDelayMs: DELAY_MS } });
  admin = (await signedInAdmin(t, 'boss@example.com')).client;
  await t.database.db.update(users).set({ firstName: 'Maria' }).where(eq(users.email, 'boss@example.com'));
  viewer = await staffMember('VIEWER', 'viewer@example.com');
  support = await staffMember('SUPPORT', 'support@example.com');
  operations = await staffMember('OPERATIONS', 'ops@example.com');
  ann = await signedInCustomer(t, 'ann@example.com');
  bob = await signedInCustomer(t, 'bob@example.com');
  await t.database.db
    .update(users)
    .set({ firstName: 'Ann', lastName: 'Lee' })
    .where(eq(users.id, ann.user.id));
  ({ orderId: annOrder, itemId: annItem } = await orderOf('ann@example.com'));
  ({ orderId: bobOrder } = await orderOf('bob@example.com'));
});

afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await t?.close();
});

describe('POST /api/uploads', () => {
  it("stores a photo on the customer's own order and answers its id, name, size and type", async () => {
    const res = await upload(ann.client, annOrder, PNG, 'kitchen.png');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'kitchen.png',
      size: PNG.length,
      contentType: 'image/png',
    });
  });

  it('stores the name without bidirectional overrides or control characters, so it reads as it is', async () => {
    // Shown right to left from U+202E, 'invoice\u202Egnp.exe' would read as 'invoiceexe.png'.
    const tricky =
      'in\u202Avo\u202Bi\u202Cce\u202D\u202Egnp\u2066.\u2067e\u2068x\u2069e\u200E\u200F\u061C\u0085\u009B\u2028\u2029.png';
    const res = await upload(ann.client, annOrder, PNG, tricky);
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('invoicegnp.exe.png');
    const stored = await download(ann.client, res.body.id);
    expect(stored.headers.get('content-disposition')).toContain(`filename*=UTF-8''invoicegnp.exe.png`);
  });

  it('decides the type by content: an HTML page named .pdf is refused and nothing is stored', async () => {
    const before = await storedFiles();
    const res = await upload(ann.client, annOrder, HTML, 'invoice.pdf');
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/not a PDF, JPEG, PNG, WebP or HEIC file/);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a file of 11 MB with 413 naming the limit, and stores nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(ann.client, annOrder, big, 'scan.pdf');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.message).toBe('The file is larger than 10 MB (the limit)');
    expect(await storedFiles()).toBe(before);
  });

  it("refuses a file over the order's quota with 413, and stores nothing", async () => {
    const { orderId } = await orderOf('ann@example.com');
    // A stored file counting for nearly the whole quota (its size column is what the quota adds up).
    await t.database.db.insert(uploads).values({
      orderId,
      name: 'plans.pdf',
      contentType: 'application/pdf',
      size: ORDER_UPLOAD_QUOTA_BYTES - 10,
      data: new Uint8Array(PDF),
    });
    const before = await storedFiles();
    const res = await upload(ann.client, orderId, PNG, 'one-more.png');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('ORDER_UPLOAD_QUOTA_EXCEEDED');
    expect(res.body.message).toBe("This order's files would exceed 200 MB (the limit per order)");
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a visitor (401), another customer (404), a staff role that cannot send files (403)', async () => {
    const before = await storedFiles();
    expect((await upload(null, annOrder, PNG, 'a.png')).status).toBe(401);
    expect((await upload(null, null, PNG, 'a.png')).status).toBe(401);
    expect((await upload(bob.client, annOrder, PNG, 'a.png')).status).toBe(404);
    expect((await upload(viewer, annOrder, PNG, 'a.png')).status).toBe(403);
    expect((await upload(viewer, null, PNG, 'a.png')).status).toBe(403);
    expect(await storedFiles()).toBe(before);
  });

  it('takes a file without an order: only its uploader reads it until it is sent on one of their orders', async () => {
    const res = await upload(ann.client, null, PNG, 'before.png');
    expect(res.status).toBe(201);
    expect((await download(ann.client, res.body.id)).status).toBe(200);
    expect((await download(admin, res.body.id)).status).toBe(404);
    expect((await download(bob.client, res.body.id)).status).toBe(404);
    // Someone else cannot send it.
    expect(
      (await bob.client.post(`/api/orders/${bobOrder}/messages`, { text: 'x', attachmentIds: [res.body.id] }))
        .status,
    ).toBe(400);
    const sent = await ann.client.post(`/api/orders/${annOrder}/messages`, {
      text: 'A photo from before',
      attachmentIds: [res.body.id],
    });
    expect(sent.status).toBe(201);
    expect(sent.body.attachments).toEqual([res.body]);
    // Now the order's staff read it too.
    expect((await download(admin, res.body.id)).status).toBe(200);
  });
});

describe('GET /api/uploads/:id', () => {
  let photo: string;
  let pdf: string;
  beforeAll(async () => {
    photo = (await upload(ann.client, annOrder, PNG, 'porch photo.png')).body.id;
    pdf = (await upload(support, annOrder, PDF, 'permit.pdf')).body.id;
  });

  it("serves the file to the order's customer as an attachment with nosniff", async () => {
    const res = await download(ann.client, photo);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="porch photo.png"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows an image inline on ?inline=1, never a PDF', async () => {
    expect((await download(ann.client, photo, '?inline=1')).headers.get('content-disposition')).toMatch(
      /^inline;/,
    );
    const asPdf = await download(ann.client, pdf, '?inline=1');
    expect(asPdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(asPdf.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves staff who read orders, and no one else', async () => {
    expect((await download(viewer, photo)).status).toBe(200);
    expect((await download(admin, pdf)).status).toBe(200);
    expect((await download(null, photo)).status).toBe(401);
    expect((await download(bob.client, photo)).status).toBe(404);
    expect((await download(bob.client, 'no-such-file')).status).toBe(404);
  });
});

describe('messages', () => {
  it('a customer writes with a photo; staff read it with the customer name; the reply names staff by first name only', async () => {
    const photo = (await upload(ann.client, annOrder, PNG, 'crack.png')).body;
    const asked = await ann.client.post(`/api/orders/${annOrder}/messages`, {
      text: 'Is this crack a problem?',
      attachmentIds: [photo.id],
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      author: { kind: 'customer', name: 'Ann Lee' },
      text: 'Is this crack a problem?',
      attachments: [photo],
    });
    const staffView = await admin.get(`/api/admin/orders/${annOrder}/messages`);
    expect(staffView.status).toBe(200);
    expect(staffView.body.at(-1)).toEqual(asked.body);

    clock.advanceMinutes(1);
    const replied = await admin.post(`/api/admin/orders/${annOrder}/messages`, {
      text: 'No, it is cosmetic.',
    });
    expect(replied.status).toBe(201);
    expect(replied.body.author).toEqual({ kind: 'staff', name: 'Maria' });
    const noName = await support.post(`/api/admin/orders/${annOrder}/messages`, { text: 'We will fix it.' });
    expect(noName.body.author).toEqual({ kind: 'staff', name: 'OrderFlow team' });

    const customerView = await ann.client.get(`/api/orders/${annOrder}/messages`);
    expect(customerView.body.map((m: { text: string }) => m.text).slice(-3)).toEqual([
      'Is this crack a problem?',
      'No, it is cosmetic.',
      'We will fix it.',
    ]);
    expect(JSON.stringify(customerView.body)).not.toMatch(/@example\.com/);
  });

  it('refuses an empty message and a file of another order or another person', async () => {
    expect((await ann.client.post(`/api/orders/${annOrder}/messages`, { text: '  ' })).status).toBe(400);
    const bobsFile = (await upload(bob.client, bobOrder, PNG, 'b.png')).body.id;
    const res = await ann.client.post(`/api/orders/${annOrder}/messages`, {
      text: 'hi',
      attachmentIds: [bobsFile],
    });
    expect(res.status).toBe(400);
    const staffFile = (await upload(admin, annOrder, PDF, 'quote.pdf')).body.id;
    expect(
      (await ann.client.post(`/api/orders/${annOrder}/messages`, { text: 'hi', attachmentIds: [staffFile] }))
        .status,
    ).toBe(400);
  });

  it('customer routes: visitor 401, another customer 404, a staff account 404', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { text: 'hello' }],
    ] as const) {
      const path = `/api/orders/${annOrder}/messages`;
      expect((await t.client().request(method, path, { json: body })).status).toBe(401);
      expect((await bob.client.request(method, path, { json: body })).status).toBe(404);
      expect((await admin.request(method, path, { json: body })).status).toBe(404);
    }
    expect((await t.client().get('/api/conversations/unread')).status).toBe(401);
  });

  it('staff routes: visitor 401, customer 403, a role that may not answer 403 (it may still read)', async () => {
    const path = `/api/admin/orders/${annOrder}/messages`;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { text: 'hello' }],
    ] as const) {
      expect((await t.client().request(method, path, { json: body })).status).toBe(401);
      expect((await ann.client.request(method, path, { json: body })).status).toBe(403);
    }
    expect((await viewer.post(path, { text: 'hello' })).status).toBe(403);
    expect((await viewer.get(path)).status).toBe(200);
    expect((await admin.get('/api/admin/orders/999999/messages')).status).toBe(404);
    expect((await t.client().get('/api/admin/conversations')).status).toBe(401);
    expect((await ann.client.get('/api/admin/conversations')).status).toBe(403);
  });
});

describe('GET /api/admin/conversations', () => {
  it('lists unanswered conversations longest waiting first, paged, with the unread count of each reader', async () => {
    const waiting: number[] = [];
    for (const email of ['w1@example.com', 'w2@example.com', 'w3@example.com']) {
      const customer = await signedInCustomer(t, email);
      const { orderId } = await orderOf(email);
      clock.advanceMinutes(5);
      await customer.client.post(`/api/orders/${orderId}/messages`, { text: 'Anyone there?' });
      clock.advanceMinutes(1);
      await customer.client.post(`/api/orders/${orderId}/messages`, { text: 'Hello?' });
      waiting.push(orderId);
    }
    // The first one is answered: it leaves the unanswered list and goes to the end of all.
    const [answered, ...still] = waiting as [number, number, number];
    await support.post(`/api/admin/orders/${answered}/messages`, { text: 'Here!' });

    const page1 = await operations.get('/api/admin/conversations?status=unanswered&page=1&pageSize=1');
    expect(page1.status).toBe(200);
    const page2 = await operations.get('/api/admin/conversations?status=unanswered&page=2&pageSize=1');
    const unanswered = [...page1.body.items, ...page2.body.items].filter((row) =>
      still.includes(row.orderId),
    );
    expect(unanswered.map((row: { orderId: number }) => row.orderId)).toEqual(still);
    expect(page1.body.total).toBe(page2.body.total);
    for (const row of unanswered) {
      expect(row).toMatchObject({
        unread: 2,
        waitingSince: expect.any(String),
        lastMessageAt: expect.any(String),
      });
    }
    // All: the waiting ones first, then the answered ones, most recent first.
    const all = await operations.get('/api/admin/conversations?status=all&pageSize=100');
    const waitingFlags = all.body.items.map((r: { waitingSince?: string }) => r.waitingSince !== undefined);
    expect(waitingFlags).toEqual([...waitingFlags].sort((a, b) => Number(b) - Number(a)));
    const answeredRows = all.body.items.filter((r: { waitingSince?: string }) => !r.waitingSince);
    expect(answeredRows[0]).toMatchObject({ orderId: answered });
    expect(all.body.total).toBe(all.body.items.length);
    expect(all.body.total).toBeGreaterThan(page1.body.total);

    // The same staff member reads on another device: the first one's count clears too.
    const otherDevice = t.client();
    await signIn(t, otherDevice, 'ops@example.com', 'staff password 1');
    await otherDevice.get(`/api/admin/orders/${still[0]}/messages`);
    const after = await operations.get('/api/admin/conversations?status=unanswered&pageSize=100');
    const row = (id: number) => after.body.items.find((r: { orderId: number }) => r.orderId === id);
    expect(row(still[0]).unread).toBe(0);
    expect(row(still[1]).unread).toBe(2);
    // Reading is not answering.
    expect(row(still[0]).waitingSince).toEqual(expect.any(String));
  });

  it("shows each conversation's newest message by its first line, unread for each staff member until they open it", async () => {
    const customer = await signedInCustomer(t, 'preview@example.com');
    const { orderId } = await orderOf('preview@example.com');
    const pdf = await upload(customer.client, orderId, PDF, 'plan.pdf');
    const long = 'Could you tell me '.repeat(12);
    await customer.client.post(`/api/orders/${orderId}/messages`, {
      text: `\n  ${long}\nSecond line stays out`,
      attachmentIds: [pdf.body.id],
    });
    const rowOf = async (client: TestClient) =>
      (await client.get('/api/admin/conversations?status=all&pageSize=100')).body.items.find(
        (r: { orderId: number }) => r.orderId === orderId,
      );
    const first = await rowOf(operations);
    expect(first.lastMessage).toEqual({
      author: 'customer',
      firstLine: `${long.slice(0, 139).trimEnd()}…`,
      attachments: 1,
    });
    expect(first.lastMessage.firstLine).not.toContain('Second line');
    expect([...first.lastMessage.firstLine].length).toBeLessThanOrEqual(140);
    expect(first.unread).toBe(1);
    expect((await rowOf(admin)).unread).toBe(1);

    // Operations opens it: read for them, still unread for the admin.
    await operations.get(`/api/admin/orders/${orderId}/messages`);
    expect((await rowOf(operations)).unread).toBe(0);
    expect((await rowOf(admin)).unread).toBe(1);

    // A reply becomes the newest message; its author has read everything.
    await support.post(`/api/admin/orders/${orderId}/messages`, { text: 'Yes: next Tuesday.\nThanks' });
    expect((await rowOf(support)).lastMessage).toEqual({
      author: 'staff',
      firstLine: 'Yes: next Tuesday.',
      attachments: 0,
    });
    expect((await rowOf(support)).unread).toBe(0);
    expect((await rowOf(admin)).unread).toBe(1);
  });

  it("counts a customer's unread staff messages, cleared by reading on another device", async () => {
    const { orderId } = await orderOf('ann@example.com');
    await admin.post(`/api/admin/orders/${orderId}/messages`, { text: 'Your permit is ready.' });
    await admin.post(`/api/admin/orders/${orderId}/messages`, { text: 'Please check it.' });
    const before = await ann.client.get('/api/conversations/unread');
    expect(before.body.items).toContainEqual({ orderId, unread: 2 });
    const phone = t.client();
    await signIn(t, phone, 'ann@example.com', 'correct horse 1');
    await phone.get(`/api/orders/${orderId}/messages`);
    const after = await ann.client.get('/api/conversations/unread');
    expect(after.body.items.find((row: { orderId: number }) => row.orderId === orderId)).toBeUndefined();
  });
});

describe('live and mail', () => {
  it('tells the other side of a new message live, and no other customer', async () => {
    const annSocket = await connect(ann.client);
    const bobSocket = await connect(bob.client);
    const staffSocket = await connect(admin);
    await ann.client.post(`/api/orders/${annOrder}/messages`, { text: 'One more question' });
    const isCreated = (m: unknown) =>
      (m as { type: string; orderId: number }).type === 'message_created' &&
      (m as { orderId: number }).orderId === annOrder;
    await staffSocket.waitFor(isCreated);
    await admin.post(`/api/admin/orders/${annOrder}/messages`, { text: 'Go ahead' });
    await annSocket.waitFor((m) => isCreated(m) && annSocket.messages.filter(isCreated).length === 2);
    // Bob's socket gets a message about his own order; nothing about Ann's came before it.
    await admin.post(`/api/admin/orders/${bobOrder}/messages`, { text: 'Hi Bob' });
    await bobSocket.waitFor((m) => (m as { orderId: number }).orderId === bobOrder);
    expect(bobSocket.messages.some(isCreated)).toBe(false);
  });

  it('mails the customer about a staff reply they have not read after the delay, without staff addresses', async () => {
    const { orderId, orderNumber } = await orderOf('ann@example.com');
    const aboutIt = () =>
      t.mail.forAddress('ann@example.com').filter((mail) => mail.subject.includes(orderNumber));
    await admin.post(`/api/admin/orders/${orderId}/messages`, { text: 'Your delivery crew is booked.' });
    await admin.post(`/api/admin/orders/${orderId}/messages`, { text: 'See you Tuesday.' });
    clock.advanceMinutes(DELAY_MS / 60_000 + 1);
    await t.app.outbox.mail.drain();
    await expect.poll(() => aboutIt().length).toBe(1);
    const mail = aboutIt()[0] as (typeof t.mail.mails)[number];
    expect(mail.subject).toMatch(`New message about your order ${orderNumber}`);
    expect(mail.text).toContain('Maria wrote:');
    expect(mail.text).toContain('Your delivery crew is booked.');
    expect(mail.text).not.toContain('boss@example.com');
    // Two replies, one mail.
    await t.app.outbox.mail.drain();
    expect(aboutIt()).toHaveLength(1);
  });

  it('withdraws the mail when the customer reads the reply in time, and mails none with e-mail off', async () => {
    const queued = (orderId: number) =>
      t.database.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `message-to-customer:${orderId}:%`));
    const { orderId } = await orderOf('ann@example.com');
    await admin.post(`/api/admin/orders/${orderId}/messages`, { text: 'Quick question for you.' });
    expect((await queued(orderId))[0]?.n).toBe(1);
    await ann.client.get(`/api/orders/${orderId}/messages`);
    expect((await queued(orderId))[0]?.n).toBe(0);

    await t.database.db
      .update(users)
      .set({ notificationPrefs: { email: false, sms: false } })
      .where(eq(users.id, bob.user.id));
    const { orderId: quiet } = await orderOf('bob@example.com');
    await admin.post(`/api/admin/orders/${quiet}/messages`, { text: 'Bob, one thing.' });
    expect((await queued(quiet))[0]?.n).toBe(0);
  });

  it('mails the staff who answer customers when a conversation starts waiting, as Settings → Notifications says', async () => {
    const staffMails = (orderId: number) =>
      t.database.db
        .select({ to: mailOutbox.to })
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `message-to-staff:${orderId}:%`));
    const { orderId } = await orderOf('ann@example.com');
    await ann.client.post(`/api/orders/${orderId}/messages`, { text: 'Help please' });
    await ann.client.post(`/api/orders/${orderId}/messages`, { text: 'Still here' });
    const to = (await staffMails(orderId)).map((row) => row.to).sort();
    expect(to).toEqual(
      expect.arrayContaining(['boss@example.com', 'ops@example.com', 'support@example.com']),
    );
    expect(to).not.toContain('viewer@example.com');
    expect(new Set(to).size).toBe(to.length);
    clock.advanceMinutes(DELAY_MS / 60_000 + 1);
    await t.app.outbox.mail.drain();
    const mail = await t.mail.waitForMail('ops@example.com');
    expect(mail.subject).toMatch(/the customer is waiting for an answer/);

    // A reply withdraws what is still queued; with the setting off, no staff mail is queued.
    const { orderId: second } = await orderOf('ann@example.com');
    await ann.client.post(`/api/orders/${second}/messages`, { text: 'Another one' });
    expect((await staffMails(second)).length).toBeGreaterThan(0);
    await admin.post(`/api/admin/orders/${second}/messages`, { text: 'Answered' });
    expect(await staffMails(second)).toEqual([]);
    expect((await admin.post('/api/settings/notifications/batch', { customerMessages: false })).status).toBe(
      200,
    );
    const { orderId: third } = await orderOf('ann@example.com');
    await ann.client.post(`/api/orders/${third}/messages`, { text: 'Quiet one' });
    expect(await staffMails(third)).toEqual([]);
  });
});

describe('unit documents', () => {
  it("staff who change statuses attach a file to a unit; its customer sees it in the unit's details", async () => {
    const file = (await upload(operations, annOrder, PDF, 'final-inspection.pdf')).body;
    const res = await operations.post(`/api/admin/order-items/${annItem}/documents`, {
      uploadId: file.id,
      title: 'Final inspection',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Final inspection',
      at: expect.any(String),
      file,
    });
    const details = await ann.client.get(`/api/order-items/${annItem}/details`);
    expect(details.body.documents).toEqual([res.body]);
    expect((await ann.client.get(`/api/order-items/${annItem}/documents`)).body).toEqual([res.body]);
    expect((await download(ann.client, file.id)).status).toBe(200);
    expect((await bob.client.get(`/api/order-items/${annItem}/documents`)).status).toBe(404);
  });

  it('refuses a visitor, a customer, a role without status changes, and a file of another order', async () => {
    const file = (await upload(admin, annOrder, PDF, 'x.pdf')).body.id;
    const path = `/api/admin/order-items/${annItem}/documents`;
    const body = { uploadId: file, title: 'X' };
    expect((await t.client().post(path, body)).status).toBe(401);
    expect((await ann.client.post(path, body)).status).toBe(403);
    expect((await support.post(path, body)).status).toBe(403);
    const bobsFile = (await upload(bob.client, bobOrder, PNG, 'b.png')).body.id;
    expect((await admin.post(path, { uploadId: bobsFile, title: 'X' })).status).toBe(400);
    const [item] = await t.database.db.select().from(orderItems).where(eq(orderItems.id, annItem));
    expect(item).toBeDefined();
  });
});

describe('audit log', () => {
  /** The entries written after `since`, oldest first. */
  async function entriesAfter(since: number) {
    return t.database.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
  }
  async function lastEntry() {
    return Number((await t.database.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0);
  }
  const staffId = async (email: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

  it('records a staff message with its attachment count, once; a refused one and a customer one not', async () => {
    const { orderId } = await orderOf('ann@example.com');
    const file = (await upload(support, orderId, PNG, 'plan.png')).body.id;
    const since = await lastEntry();
    const res = await support.post(`/api/admin/orders/${orderId}/messages`, {
      text: 'The plan',
      attachmentIds: [file],
    });
    expect(res.status).toBe(201);
    const entries = await entriesAfter(since);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: await staffId('support@example.com'),
      actorEmail: 'support@example.com',
      action: 'order.message_posted',
      targetType: 'order',
      targetId: String(orderId),
      changes: { messageId: res.body.id, attachments: 1 },
    });

    const after = await lastEntry();
    const bobsFile = (await upload(bob.client, bobOrder, PNG, 'b.png')).body.id;
    const refused = await support.post(`/api/admin/orders/${orderId}/messages`, {
      attachmentIds: [bobsFile],
    });
    expect(refused.status).toBe(400);
    expect((await viewer.post(`/api/admin/orders/${orderId}/messages`, { text: 'Hi' })).status).toBe(403);
    expect((await ann.client.post(`/api/orders/${orderId}/messages`, { text: 'Thanks' })).status).toBe(201);
    expect(await entriesAfter(after)).toEqual([]);
  });

  it('records a document attached to a unit, once; none for a file of another order', async () => {
    const { orderId, itemId } = await orderOf('ann@example.com');
    const file = (await upload(operations, orderId, PDF, 'permit.pdf')).body.id;
    const since = await lastEntry();
    const res = await operations.post(`/api/admin/order-items/${itemId}/documents`, {
      uploadId: file,
      title: 'Permit',
    });
    expect(res.status).toBe(201);
    const entries = await entriesAfter(since);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: await staffId('ops@example.com'),
      actorEmail: 'ops@example.com',
      action: 'order_item.document_added',
      targetType: 'order_item',
      targetId: String(itemId),
      changes: { orderId, title: 'Permit', uploadId: file },
    });

    const after = await lastEntry();
    const bobsFile = (await upload(bob.client, bobOrder, PNG, 'b.png')).body.id;
    const refused = await operations.post(`/api/admin/order-items/${itemId}/documents`, {
      uploadId: bobsFile,
      title: 'X',
    });
    expect(refused.status).toBe(400);
    expect(await entriesAfter(after)).toEqual([]);
  });
});
