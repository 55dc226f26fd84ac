import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { users } from '../../src/server/db/schema.js';
import { createOrderAtStages } from '../../src/server/features/orders/index.js';
import { hashPassword } from '../../src/server/lib/crypto.js';

/**
 * The customer-clarity journey's customer: a very long name and e-mail (the pages must not widen at
 * 375 px), a $40 000 cabin whose three units are at different stages with a deposit waiting, and a
 * unit waiting for onboarding (its validation toast must not cover the Submit button). Only looked
 * at; the refused onboarding submit changes nothing.
 */
export const LEO = {
  email: 'maximiliana.featherstonehaugh-worthington@longest-example-domain-for-layouts.com',
  password: 'leo-password-1',
  firstName: 'Maximiliana-Alexandrovna',
  lastName: 'Featherstonehaugh-Worthington-Montgomery',
  cabin: {
    orderId: 'VH9301',
    productName: 'Cabin 400',
    amount: '4000000',
    total: '$40,000.00',
    deposit: 500_000,
    shownDeposit: '$5,000.00',
  },
  studio: { orderId: 'VH9302', productName: 'Studio 240' },
} as const;

export async function seedClarity(db: Db) {
  const day = 86_400_000;
  await db.insert(users).values({
    email: LEO.email,
    password: await hashPassword(LEO.password),
    verified: true,
  });
  await createOrderAtStages(
    db,
    {
      orderId: LEO.cabin.orderId,
      productName: LEO.cabin.productName,
      email: LEO.email,
      orderDate: new Date(Date.now() - 20 * day),
      zipCode: '78701',
      amount: LEO.cabin.amount,
      paymentMethod: 'card',
    },
    [
      {
        stage: 'FINANCING_PAYMENT',
        stageData: { paymentAmount: LEO.cabin.deposit, paymentStatus: 'pending' },
      },
      { stage: 'PRODUCTION' },
      { stage: 'PRODUCTION' },
    ],
  );
  await createOrderAtStages(
    db,
    {
      orderId: LEO.studio.orderId,
      productName: LEO.studio.productName,
      email: LEO.email,
      orderDate: new Date(Date.now() - 2 * day),
      zipCode: '78701',
    },
    [{ stage: 'LOCATION_ENABLED' }],
  );
  await db
    .update(users)
    .set({ firstName: LEO.firstName, lastName: LEO.lastName })
    .where(eq(users.email, LEO.email));
}
