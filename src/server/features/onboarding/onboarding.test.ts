import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '../../../shared/schemas/onboarding.js';
import { eventLogs, orderItems } from '../../db/schema/orders.js';
import { users } from '../../db/schema.js';
import { startTestApp, type TestApp, type TestClient } from '../../test/app.js';
import { signedInCustomer } from '../../test/auth-flow.js';
import { createOrderAtStages } from '../orders/index.js';

let t: TestApp;
let cara: TestClient;
let dan: TestClient;
let order: Awaited<ReturnType<typeof createOrderAtStages>>;

beforeAll(async () => {
  t = await startTestApp();
  cara = (await signedInCustomer(t, 'cara@example.com')).client;
  dan = (await signedInCustomer(t, 'dan@example.com')).client;
  order = await createOrderAtStages(
    t.database.db,
    { orderId: 'VH3001', productName: 'Cabin 400', email: 'cara@example.com' },
    [
      { stage: 'LOCATION_ENABLED' },
      { stage: 'LOCATION_ENABLED' },
      { stage: 'LOCATION_ENABLED' },
      { stage: 'PRODUCTION' },
    ],
  );
});

afterAll(async () => {
  await t?.close();
});

const personal = {
  email: 'someone-else@example.com',
  firstName: 'Cara',
  lastName: 'Lopez',
  address: '500 Congress Ave, Austin, TX 78701, USA',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  personalPhoneCountry: 'United States',
  personalPhone: '5125550100',
  hasFinalizedDeliveryAddress: 'No',
};

const business = {
  ...personal,
  applicationType: 'Business',
  businessType: 'Other',
  otherBusinessType: 'Cooperative',
  businessName: 'Lopez Farms',
  businessPhoneCountry: 'Mexico',
  businessPhone: '5512345678',
  stateEntityEstablished: 'TX',
  businessAddress: '12 Ranch Rd, Dripping Springs, TX',
};

function submit(client: TestClient, itemNumber: number, formData: unknown) {
  const item = order.items.find((i) => i.itemNumber === itemNumber);
  if (!item) throw new Error('no such unit');
  return client.post('/api/onboarding/submit', {
    formData,
    orderItemId: item.id,
    orderId: order.order.id,
    itemNumber,
  });
}

async function stored(itemNumber: number) {
  const item = order.items.find((i) => i.itemNumber === itemNumber);
  const [row] = await t.database.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.id, item?.id ?? 0));
  return row;
}

describe('submitting onboarding', () => {
  it('stores a Business application on the unit and moves it to DOCUMENTS_PENDING', async () => {
    const res = await submit(cara, 1, business);
    expect(res.status).toBe(200);
    expect(res.body.item.status).toBe('DOCUMENTS_PENDING');
    const row = await stored(1);
    expect(row?.status).toBe('DOCUMENTS_PENDING');
    expect(row?.currentStageData.onboardingData).toMatchObject({
      applicationType: 'Business',
      businessName: 'Lopez Farms',
      otherBusinessType: 'Cooperative',
      businessPhoneCountry: 'Mexico',
      // The read-only e-mail is the account's, whatever the request said.
      email: 'cara@example.com',
    });
    const events = await t.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.orderItemId, row?.id ?? 0));
    expect(events.at(-1)).toMatchObject({
      stage: 'DOCUMENTS_PENDING',
      initiatedBy: expect.stringMatching(/^customer:/),
    });
    // The other units are where they were.
    expect((await stored(2))?.status).toBe('LOCATION_ENABLED');
  });

  it('stores an Individual application with the business defaults', async () => {
    const res = await submit(cara, 2, {
      ...personal,
      applicationType: 'Individual',
      businessName: 'ignored',
      businessType: 'Other',
      hasFinalizedDeliveryAddress: 'Yes',
      deliveryAddress: '9 Lake Dr, Austin, TX',
    });
    expect(res.status).toBe(200);
    expect((await stored(2))?.currentStageData.onboardingData).toMatchObject({
      applicationType: 'Individual',
      businessName: '',
      businessType: 'LLC',
      stateEntityEstablished: 'CA',
      businessPhone: '5125550100',
      deliveryAddress: '9 Lake Dr, Austin, TX',
    });
  });

  it('fills the customer’s empty profile from the form', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'cara@example.com'));
    expect(user).toMatchObject({ firstName: 'Cara', lastName: 'Lopez', phoneNumber: '5125550100' });
  });

  it('refuses bad data with each message on its field, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...business, firstName: ' ' }, 'firstName', ONBOARDING_MESSAGES.firstName],
      [{ ...business, lastName: '' }, 'lastName', ONBOARDING_MESSAGES.lastName],
      [{ ...business, address: '' }, 'address', ONBOARDING_MESSAGES.address],
      [{ ...business, personalPhone: '' }, 'personalPhone', ONBOARDING_MESSAGES.phoneRequired],
      [{ ...business, personalPhone: '512555' }, 'personalPhone', ONBOARDING_MESSAGES.phoneDigits],
      [{ ...business, businessName: '' }, 'businessName', ONBOARDING_MESSAGES.businessName],
      [{ ...business, businessType: '' }, 'businessType', ONBOARDING_MESSAGES.businessType],
      [{ ...business, otherBusinessType: '' }, 'otherBusinessType', ONBOARDING_MESSAGES.otherBusinessType],
      [{ ...business, businessPhone: '123' }, 'businessPhone', ONBOARDING_MESSAGES.businessPhone],
      [
        { ...business, stateEntityEstablished: '' },
        'stateEntityEstablished',
        ONBOARDING_MESSAGES.stateEntityEstablished,
      ],
      [{ ...business, businessAddress: '' }, 'businessAddress', ONBOARDING_MESSAGES.businessAddress],
      [
        { ...business, hasFinalizedDeliveryAddress: 'Yes' },
        'deliveryAddress',
        ONBOARDING_MESSAGES.deliveryAddress,
      ],
      [{ ...business, zipCode: '7870' }, 'zipCode', ONBOARDING_MESSAGES.zipCode],
      [{ ...business, applicationType: undefined }, 'applicationType', ''],
    ];
    for (const [formData, field, message] of cases) {
      const res = await submit(cara, 3, formData);
      expect(res.status, field).toBe(400);
      expect(res.body.fields, field).toHaveProperty(field);
      if (message) expect(res.body.fields[field]).toBe(message);
    }
    expect((await stored(3))?.status).toBe('LOCATION_ENABLED');
    expect((await stored(3))?.currentStageData).toEqual({});
  });

  it('accepts only one of two submissions for the same unit sent at the same time', async () => {
    const { order: other, items } = await createOrderAtStages(
      t.database.db,
      { orderId: 'VH3002', productName: 'Studio', email: 'cara@example.com' },
      [{ stage: 'LOCATION_ENABLED' }],
    );
    const body = { formData: business, orderItemId: items[0]?.id, orderId: other.id, itemNumber: 1 };
    const answers = await Promise.all([
      cara.post('/api/onboarding/submit', body),
      cara.post('/api/onboarding/submit', body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const events = await t.database.db
      .select()
      .from(eventLogs)
      .where(eq(eventLogs.orderItemId, items[0]?.id ?? 0));
    expect(events.filter((e) => e.stage === 'DOCUMENTS_PENDING')).toHaveLength(1);
  });

  it('refuses a unit that is not at Location Enabled with 403', async () => {
    const res = await submit(cara, 4, business);
    expect(res.status).toBe(403);
    expect((await stored(4))?.status).toBe('PRODUCTION');
  });

  it('answers 401 to a visitor and 404 to another customer, changing nothing', async () => {
    expect((await submit(t.client(), 3, business)).status).toBe(401);
    expect((await submit(dan, 3, business)).status).toBe(404);
    expect((await stored(3))?.status).toBe('LOCATION_ENABLED');
  });

  it('answers 404 when the unit and the order do not belong together', async () => {
    const item = order.items.find((i) => i.itemNumber === 3);
    const res = await cara.post('/api/onboarding/submit', {
      formData: business,
      orderItemId: item?.id,
      orderId: order.order.id,
      itemNumber: 2,
    });
    expect(res.status).toBe(404);
  });
});
