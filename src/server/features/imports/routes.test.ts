import { connect } from 'node:net';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs, orderItems, orders } from '../../db/schema/orders.js';
import { mailOutbox, settings, users } from '../../db/schema.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInAdmin, signedInStaff } from '../../test/auth-flow.js';
import { HEADER, postImport, toCsv, toWorkbook, zip, zipBomb } from '../../test/fixtures/import-files.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t)).client;
});

afterAll(async () => {
  await t?.close();
});

/** Each test uses its own 'IMP-<prefix>-' order ids, so counts are per test. */
async function ordersWith(prefix: string) {
  return t.database.db
    .select()
    .from(orders)
    .where(like(orders.orderId, `${prefix}%`))
    .orderBy(asc(orders.orderId));
}

async function unitCount(prefix: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(like(orders.orderId, `${prefix}%`));
  return Number(row?.n ?? 0);
}

function goodRows(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => [
    `${prefix}${String(i + 1).padStart(4, '0')}`,
    'Studio 240',
    (i % 3) + 1,
    '2025-03-14',
    '',
    i % 2 === 0 ? `${prefix.toLowerCase()}${i % 7}@example.com` : '',
    '78701',
  ]);
}

describe('POST /api/admin/import', () => {
  it('is refused to visitors (401) and customers (403)', async () => {
    await expectAdminOnly(t, [{ method: 'POST', path: '/api/admin/import' }]);
  });

  it('writes nothing when one of 1 000 rows is invalid, and names that row', async () => {
    const rows = goodRows('IMP-A-', 1000);
    rows[499] = ['IMP-A-0500', 'Studio 240', 'two', '2025-03-14', '', '', '78701'];
    const res = await postImport(admin, { name: 'orders.csv', content: toCsv([HEADER, ...rows]) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ created: 0, updated: 0, skipped: 0, rejected: 1, rows: 1000 });
    expect(res.body.errors).toEqual([
      { row: 501, column: 'quantity', message: "quantity must be a whole number of at least 1 (got 'two')" },
    ]);
    expect(res.body.message).toMatch(/1 row of 1,000 has errors: nothing was imported/);
    expect(await ordersWith('IMP-A-')).toHaveLength(0);
    const [customers] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.email, 'imp-a-%'));
    expect(Number(customers?.n)).toBe(0);
  });

  it('writes the 999 valid rows and reports the invalid one when asked for the valid rows only', async () => {
    const rows = goodRows('IMP-B-', 1000);
    rows[9] = ['IMP-B-0010', 'Studio 240', '1', '2/30/2025', '', '', '78701'];
    const res = await postImport(
      admin,
      { name: 'orders.csv', content: toCsv([HEADER, ...rows]) },
      { validRowsOnly: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 999, updated: 0, skipped: 0, rejected: 1, rows: 1000 });
    expect(res.body.errors).toEqual([
      { row: 11, column: 'orderDate', message: expect.stringContaining('2/30/2025') },
    ]);
    const written = await ordersWith('IMP-B-');
    expect(written).toHaveLength(res.body.created);
    expect(written.some((order) => order.orderId === 'IMP-B-0010')).toBe(false);
    const expectedUnits = rows.filter((_, i) => i !== 9).reduce((sum, row) => sum + Number(row[2]), 0);
    expect(await unitCount('IMP-B-')).toBe(expectedUnits);
    expect(res.body.orders).toHaveLength(100);
    expect(res.body.orders[0]).toMatchObject({ row: 2, orderId: 'IMP-B-0001', action: 'created' });
    // Each order has its ORDER_CREATED event, by this admin.
    const events = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(eventLogs)
      .where(
        and(
          eq(eventLogs.type, 'ORDER_CREATED'),
          inArray(
            eventLogs.orderId,
            written.map((order) => order.id),
          ),
        ),
      );
    expect(Number(events[0]?.n)).toBe(999);
  });

  it('a dry run answers the counts a real run then writes, and writes nothing itself', async () => {
    await createOrderAtStages(t.database.db, { orderId: 'IMP-C-0001', productName: 'Cabin 400' }, [
      { stage: 'ORDER_PLACED' },
    ]);
    const rows = goodRows('IMP-C-', 20);
    rows.push(['IMP-C-0005', 'Studio 240', '1', '', '', '', '']);
    rows.push(['', 'Studio 240', '1', '', 'NOT_A_STAGE', 'nope', '7870']);
    const file = { name: 'orders.csv', content: toCsv([HEADER, ...rows]) };
    const preview = await postImport(admin, file, { dryRun: true, validRowsOnly: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dryRun: true, created: 19, updated: 0, skipped: 1, rejected: 2 });
    expect(preview.body.errors).toEqual([
      { row: 22, column: 'orderId', message: 'Duplicate orderId IMP-C-0005: row 6 has it too' },
      { row: 23, column: 'orderId', message: 'orderId is required' },
      { row: 23, column: 'status', message: "status 'NOT_A_STAGE' is not a stage name or alias" },
      { row: 23, column: 'email', message: "email 'nope' is not an e-mail address" },
    ]);
    expect(await ordersWith('IMP-C-')).toHaveLength(1);

    const real = await postImport(admin, file, { validRowsOnly: true });
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ dryRun: false, created: 19, updated: 0, skipped: 1, rejected: 2 });
    expect(await ordersWith('IMP-C-')).toHaveLength(20);
    // The skipped order is untouched.
    const [kept] = await ordersWith('IMP-C-0001');
    expect(kept?.productName).toBe('Cabin 400');
  });

  it('updates existing orders when asked, moving their units through the status function', async () => {
    const { order } = await createOrderAtStages(
      t.database.db,
      { orderId: 'IMP-D-1', productName: 'Cabin 400', zipCode: '10001' },
      [{ stage: 'ORDER_PLACED' }],
    );
    const csv = toCsv([
      HEADER,
      ['IMP-D-1', 'Cabin 500', '2', '6/1/2025', 'Production', 'imp-d@example.com', ''],
    ]);
    const res = await postImport(admin, { name: 'o.csv', content: csv }, { updateExisting: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    const [updated] = await ordersWith('IMP-D-1');
    expect(updated).toMatchObject({
      productName: 'Cabin 500',
      quantity: 2,
      status: 'PRODUCTION',
      zipCode: '10001',
    });
    expect(updated?.orderDate.toISOString()).toBe('2025-06-01T12:00:00.000Z');
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'imp-d@example.com'));
    expect(updated?.userId).toBe(customer?.id);
    const units = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(units.map((unit) => unit.status)).toEqual(['PRODUCTION', 'PRODUCTION']);
    const moves = await t.database.db
      .select()
      .from(eventLogs)
      .where(and(eq(eventLogs.orderId, order.id), eq(eventLogs.type, 'ORDER_ITEM_STATUS_UPDATED')));
    expect(moves).toHaveLength(2);
    expect(moves.every((event) => event.initiatedBy.startsWith('admin:'))).toBe(true);

    const fewer = toCsv([HEADER, ['IMP-D-1', 'Cabin 500', '1', '', '', '', '']]);
    const refused = await postImport(admin, { name: 'o.csv', content: fewer }, { updateExisting: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ row: 2, column: 'quantity' });
  });

  it('links rows to customers by e-mail, creating PENDING ones, and unlocks orders in enabled ZIP codes', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'enabledZipCodes', value: ['73301'], category: 'serviceareas' })
      .onConflictDoUpdate({ target: settings.key, set: { value: ['73301'] } });
    const csv = toCsv([
      HEADER,
      ['IMP-E-1', 'Studio 240', '2', '2025-03-14T09:30:00-05:00', '', 'Imp-E@Example.com', '73301'],
      ['IMP-E-2', 'Studio 240', '1', '03/14/25', 'delivery scheduled', 'imp-e@example.com', '94110'],
      ['IMP-E-3', 'Studio 240', '1', '3/14/2025 2:05 PM', '', '', '73301-1234'],
    ]);
    const res = await postImport(admin, { name: 'o.csv', content: csv });
    expect(res.status).toBe(200);
    const [one, two, three] = await ordersWith('IMP-E-');
    expect(one?.userId).toBe(two?.userId);
    expect(three?.userId).toBeNull();
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, 'imp-e@example.com'));
    expect(customer).toMatchObject({ password: null, role: 'USER' });
    expect(one?.status).toBe('LOCATION_ENABLED');
    expect(three?.status).toBe('LOCATION_ENABLED');
    expect(two?.status).toBe('DELIVERY_DATE_CONFIRMED');
    expect(one?.orderDate.toISOString()).toBe('2025-03-14T14:30:00.000Z');
    expect(two?.orderDate.toISOString()).toBe('2025-03-14T12:00:00.000Z');
    expect(three?.orderDate.toISOString()).toBe('2025-03-14T14:05:00.000Z');
    await t.database.db.delete(settings).where(eq(settings.key, 'enabledZipCodes'));
  });

  it('reads a status written as a stage label, as the orders export writes it', async () => {
    const csv = toCsv([
      HEADER,
      ['IMP-L-1', 'Studio 240', '1', '2025-03-14', 'In Production', '', ''],
      ['IMP-L-2', 'Studio 240', '1', '2025-03-14', ' final  documentation ', '', ''],
      ['IMP-L-3', 'Studio 240', '1', '2025-03-14', 'Documents Pending', '', ''],
    ]);
    const res = await postImport(admin, { name: 'l.csv', content: csv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ created: 3, rejected: 0 });
    expect((await ordersWith('IMP-L-')).map((order) => order.status)).toEqual([
      'PRODUCTION',
      'FINAL_DOCUMENTS',
      'DOCUMENTS_PENDING',
    ]);
  });

  it('imports the same orders from CSV, XLSX and XLS to identical data', async () => {
    const rows = (prefix: string) => [
      ['Order ID', 'Product Name', 'QUANTITY', 'order_date', 'Status', 'E-mail', 'Zip Code'],
      [
        `${prefix}1`,
        'Café Studio, "Deluxe"',
        2,
        '2025-03-14',
        'SITE_PREP',
        `${prefix.toLowerCase()}ä@example.com`,
        '02134',
      ],
      [`${prefix}2`, 'Line one\nline two', 1, '12/31/2024', 'scheduled', '', '78701-1234'],
      [`${prefix}3`, 'Zoë’s cabin', 3, '7/4/25', '', `${prefix.toLowerCase()}x@example.com`, ''],
    ];
    const csv = await postImport(admin, {
      name: 'orders.CSV',
      content: `\uFEFF${toCsv(rows('IMP-F-C-'))}`,
    });
    const xlsx = await postImport(admin, {
      name: 'orders.xlsx',
      content: toWorkbook(rows('IMP-F-X-'), 'xlsx'),
    });
    // In the .xls the date is a real date cell and the ZIP code a number that lost its leading zero.
    const xlsRows = rows('IMP-F-L-');
    (xlsRows[1] as unknown[])[3] = { t: 'n', v: 45730, z: 'm/d/yy' };
    (xlsRows[1] as unknown[])[6] = 2134;
    const xls = await postImport(admin, { name: 'orders.xls', content: toWorkbook(xlsRows as never, 'xls') });
    for (const res of [csv, xlsx, xls]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ created: 3, rejected: 0 });
    }
    const shape = async (prefix: string) =>
      (await ordersWith(prefix)).map((order) => ({
        orderId: order.orderId.slice(prefix.length),
        productName: order.productName,
        quantity: order.quantity,
        orderDate: order.orderDate.toISOString(),
        status: order.status,
        zipCode: order.zipCode,
        guest: order.userId === null,
      }));
    const fromCsv = await shape('IMP-F-C-');
    expect(fromCsv[0]).toEqual({
      orderId: '1',
      productName: 'Café Studio, "Deluxe"',
      quantity: 2,
      orderDate: '2025-03-14T12:00:00.000Z',
      status: 'SITE_PREP',
      zipCode: '02134',
      guest: false,
    });
    expect(fromCsv[1]?.productName).toBe('Line one\nline two');
    expect(fromCsv[2]?.orderDate).toBe('2025-07-04T12:00:00.000Z');
    expect(await shape('IMP-F-X-')).toEqual(fromCsv);
    expect(await shape('IMP-F-L-')).toEqual(fromCsv);
    expect(await unitCount('IMP-F-C-')).toBe(6);
    expect(await unitCount('IMP-F-L-')).toBe(6);
  });

  it('reads a formula cell as its cached value and never evaluates it', async () => {
    const rows = [
      HEADER,
      [
        'IMP-G-1',
        { t: 's', v: 'Studio 240', f: 'CONCAT("Stu","dio 240")' },
        { t: 'n', v: 2, f: '1+1' },
        '2025-03-14',
        '',
        '',
        '',
      ],
      ['IMP-G-2', '=HYPERLINK("http://evil.example","x")', 1, '2025-03-14', '', '', ''],
    ];
    const res = await postImport(admin, { name: 'f.xlsx', content: toWorkbook(rows as never, 'xlsx') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [one, two] = await ordersWith('IMP-G-');
    expect(one).toMatchObject({ productName: 'Studio 240', quantity: 2 });
    // A text cell that looks like a formula stays text (the export escapes it).
    expect(two?.productName).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it('queues a confirmation e-mail per order for a customer only with sendNotification, never in a dry run', async () => {
    const mails = async (to: string) =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, 'order-confirmation')));
    const csv = (id: string) =>
      toCsv([
        HEADER,
        [`${id}-1`, 'Studio 240', '1', '', '', 'imp-n@example.com', ''],
        [`${id}-2`, 'Studio 240', '1', '', '', '', ''],
      ]);
    await postImport(admin, { name: 'o.csv', content: csv('IMP-N-A') });
    await postImport(
      admin,
      { name: 'o.csv', content: csv('IMP-N-B') },
      { sendNotification: true, dryRun: true },
    );
    expect(await mails('imp-n@example.com')).toHaveLength(0);
    const res = await postImport(
      admin,
      { name: 'o.csv', content: csv('IMP-N-C') },
      { sendNotification: true },
    );
    expect(res.body).toMatchObject({ created: 2 });
    const queued = await mails('imp-n@example.com');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.text).toContain('IMP-N-C-1');
  });

  it('mails no stage change for an order it unlocks without sendNotification, and does with it', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'enabledZipCodes', value: ['73302'], category: 'serviceareas' })
      .onConflictDoUpdate({ target: settings.key, set: { value: ['73302'] } });
    const kindsFor = async (to: string) =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.kind).sort();
    const csv = (id: string, email: string) =>
      toCsv([HEADER, [id, 'Studio 240', '1', '', '', email, '73302']]);

    const quiet = await postImport(admin, { name: 'o.csv', content: csv('IMP-Q-1', 'imp-q1@example.com') });
    expect(quiet.status).toBe(200);
    const [unlocked] = await ordersWith('IMP-Q-1');
    expect(unlocked?.status).toBe('LOCATION_ENABLED');
    expect(await kindsFor('imp-q1@example.com')).toEqual([]);

    const told = await postImport(
      admin,
      { name: 'o.csv', content: csv('IMP-Q-2', 'imp-q2@example.com') },
      { sendNotification: true },
    );
    expect(told.status).toBe(200);
    expect(await kindsFor('imp-q2@example.com')).toEqual(['order-confirmation', 'stage-change']);
    await t.database.db.delete(settings).where(eq(settings.key, 'enabledZipCodes'));
  });

  it('takes the options after the file too', async () => {
    const csv = toCsv([HEADER, ['IMP-H-1', 'Studio 240', '1', '', '', '', '']]);
    const res = await postImport(
      admin,
      { name: 'o.csv', content: csv },
      { dryRun: true },
      { fileFirst: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, created: 1 });
    expect(await ordersWith('IMP-H-')).toHaveLength(0);
  });
});

describe('one import at a time per member of staff', () => {
  const rowsOf = (prefix: string) => toCsv([HEADER, [`${prefix}1`, 'Studio 240', '1', '', '', '', '']]);

  // The import slot is per instance and the same whatever the database. On a PostgreSQL server the
  // open import's session lookup (a round trip) loses the race to the probe's nearly every time, and
  // nothing the test can see tells it when the open import has taken the slot: the embedded run holds it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 429 IMPORT_BUSY with Retry-After while the same person’s import runs; others and later ones go on',
    async () => {
      // An import whose upload stays open: the options have arrived, the file part not yet, so the
      // import is under way but holds no database work (the embedded database has one connection; a
      // file half-read would hold it).
      const boundary = 'orderflow-busy';
      const { port } = new URL(t.baseUrl);
      const head = ['updateExisting', 'sendNotification', 'dryRun', 'validRowsOnly']
        .map((name) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nfalse\r\n`)
        .join('');
      const rest =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.csv"\r\n\r\n` +
        `${HEADER.join(',')}\r\nIMP-BUSY-1,Studio 240,1,,,,\r\n--${boundary}--\r\n`;
      const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const openImport = () => {
        const socket = connect(Number(port), '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
        socket.write(
          `POST /api/admin/import HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(head) + Buffer.byteLength(rest)}\r\n\r\n${head}`,
        );
        return { socket, chunks, closed };
      };

      // Once the open import has started, the same admin's next one is refused (dry runs until then).
      // A dry run still running when the open import arrived refuses that one instead (its answer comes
      // back at once): then the open import is sent again.
      const second = () =>
        postImport(admin, { name: 'b.csv', content: rowsOf('IMP-BUSY2-') }, { dryRun: true });
      let open = openImport();
      let busy = await second();
      for (let tries = 0; busy.status !== 429 && tries < 20; tries += 1) {
        if (open.chunks.length > 0) {
          await open.closed;
          open = openImport();
        }
        busy = await second();
      }
      const { socket, chunks, closed } = open;
      expect(busy.status).toBe(429);
      expect(busy.body).toMatchObject({ code: 'IMPORT_BUSY' });
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);

      // Another member of staff imports meanwhile.
      const { client: colleague } = await signedInStaff(t, 'OPERATIONS', 'import-colleague@example.com');
      expect((await postImport(colleague, { name: 'c.csv', content: rowsOf('IMP-BUSY3-') })).status).toBe(
        200,
      );

      socket.end(rest);
      await closed;
      expect(Buffer.concat(chunks).toString('latin1')).toMatch(/^HTTP\/1\.1 200 /);
      expect(await ordersWith('IMP-BUSY-')).toHaveLength(1);
      expect((await postImport(admin, { name: 'd.csv', content: rowsOf('IMP-BUSY4-') })).status).toBe(200);
    },
  );
});

describe('hostile and broken files get a clear 4xx and write nothing', () => {
  const rowsOf = (prefix: string) => toCsv([HEADER, [`${prefix}1`, 'Studio 240', '1', '', '', '', '']]);

  it('no file: File required', async () => {
    const res = await postImport(admin, null);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('FILE_REQUIRED');
    expect(res.body.message).toBe('File required: Please select a CSV or Excel file to import');
  });

  it('a file over 20 MB: 413 naming the limit', async () => {
    // 21 MB in about 65 000 rows (below the row limit), so the size limit is what stops it.
    const lines = [[...HEADER, 'notes'].join(',')];
    const notes = 'n'.repeat(300);
    for (let i = 0; lines.length * 330 < 21 * 1024 * 1024; i += 1)
      lines.push(`IMP-Z-${i},Studio 240,x,,,,,${notes}`);
    const res = await postImport(admin, { name: 'big.csv', content: lines.join('\r\n') });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.message).toBe('The file is larger than 20 MB (the limit)');
    expect(await ordersWith('IMP-Z-')).toHaveLength(0);
  });

  it('a 60 MB file: answers 413 FILE_TOO_LARGE before closing, and the server goes on', async () => {
    const line = Buffer.from(`IMP-S-1,Studio 240,x,,,,,${'n'.repeat(990)}\r\n`);
    const content = Buffer.concat([
      Buffer.from(`${[...HEADER, 'notes'].join(',')}\r\n`),
      Buffer.alloc(60 * 1024 * 1024, line),
    ]);
    // A workbook's first bytes, so that only its size stops it.
    const workbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60 * 1024 * 1024)]);
    for (const [name, fileFirst] of [
      ['huge.csv', false],
      ['huge.xlsx', true],
    ] as const) {
      const res = await postImport(
        admin,
        { name, content: name.endsWith('.csv') ? content : workbook },
        {},
        { fileFirst },
      );
      expect(res.status, `${name} ${fileFirst}`).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE' });
    }
    expect(await ordersWith('IMP-S-')).toHaveLength(0);
    expect((await admin.get('/api/auth/user')).status).toBe(200);
  });

  it('a 60 MB upload from a client that writes it all before reading: the 413 arrives', async () => {
    const boundary = 'orderflow-boundary';
    const head = Buffer.from(
      [
        ...['updateExisting', 'sendNotification', 'dryRun', 'validRowsOnly'].flatMap((name) => [
          `--${boundary}`,
          `Content-Disposition: form-data; name="${name}"`,
          '',
          'false',
        ]),
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="huge.csv"',
        'Content-Type: text/csv',
        '',
        `${[...HEADER, 'notes'].join(',')}`,
        '',
      ].join('\r\n'),
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.alloc(
      60 * 1024 * 1024,
      Buffer.from(`IMP-R-1,Studio 240,x,,,,,${'n'.repeat(990)}\r\n`),
    );
    const length = head.length + body.length + tail.length;
    const { port } = new URL(t.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => {
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    socket.write(
      `POST /api/admin/import HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(body);
    socket.end(tail);
    await ended;
    const answer = Buffer.concat(chunks).toString('latin1');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"FILE_TOO_LARGE"');
  });

  it('more than 100 000 rows: 413 naming the limit', async () => {
    const lines = [HEADER.join(',')];
    for (let i = 0; i < 100_001; i += 1) lines.push(`IMP-Y-${i},S,${i < 10 ? 1 : 'x'},,,,`);
    const res = await postImport(
      admin,
      { name: 'long.csv', content: lines.join('\n') },
      { validRowsOnly: true },
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.message).toBe('The file has more than 100,000 rows (the limit)');
    expect(await ordersWith('IMP-Y-')).toHaveLength(0);
  });

  it.each([
    [
      'a binary file named .csv',
      'x.csv',
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]),
    ],
    ['a workbook named .csv', 'x.csv', toWorkbook([HEADER], 'xlsx')],
    ['text named .xlsx', 'x.xlsx', 'orderId,productName\r\nIMP-X-1,Studio\r\n'],
    ['an .xls workbook named .xlsx', 'x.xlsx', toWorkbook([HEADER], 'xls')],
    ['text named .xls', 'x.xls', 'orderId,productName\r\nIMP-X-1,Studio\r\n'],
    ['a zip that is not a workbook', 'x.xlsx', zip([{ name: 'readme.txt', data: Buffer.from('hello') }])],
    ['Latin-1 text', 'x.csv', Buffer.from('orderId,productName\r\nIMP-X-1,Caf\xe9\r\n', 'latin1')],
    ['an executable', 'x.exe', 'MZ'],
  ])('%s: 415', async (_, name, content) => {
    const res = await postImport(admin, { name, content });
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(typeof res.body.message).toBe('string');
    expect(await ordersWith('IMP-X-')).toHaveLength(0);
  });

  it('an XLSX zip bomb is refused from its directory, quickly', async () => {
    const bomb = await zipBomb(300 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    const res = await postImport(admin, { name: 'bomb.xlsx', content: bomb });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/^The \.xlsx file expands to 300 MB: the limit is 200 MB/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it.each([
    [
      'a quoted cell never closed',
      `${HEADER.join(',')}\r\nIMP-W-1,"Studio 240,1\r\n`,
      /could not be read at line 3: a quoted cell is never closed/,
    ],
    ['no orderId column', 'id,productName\r\nIMP-W-1,Studio\r\n', /must name the orderId column/],
    ['a header only', `${HEADER.join(',')}\r\n`, /header row but no orders/],
    ['nothing', '', /empty/],
    ['a column twice', 'orderId,Order ID,productName\r\n1,2,3\r\n', /orderId appears twice/],
  ])('%s: 400', async (_, content, message) => {
    const res = await postImport(admin, { name: 'x.csv', content });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await ordersWith('IMP-W-')).toHaveLength(0);
  });

  it('option values other than true and false: 400', async () => {
    const form = rowsOf('IMP-V-');
    const res = await postImport(admin, { name: 'x.csv', content: form }, { dryRun: 'yes' as never });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_FLAG');
    expect(res.body.message).toBe('dryRun must be true or false');
  });
});
