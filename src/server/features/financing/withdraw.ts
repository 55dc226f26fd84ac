import { eq } from 'drizzle-orm';
import type { FinancingApplication } from '../../../shared/schemas/financing.js';
import type { Db } from '../../db/client.js';
import { financingApplications } from '../../db/schema.js';
import { lockOrderRow } from '../orders/index.js';
import { queueSignedDelivery } from '../outbound-webhooks/index.js';
import { readSettingsIn } from '../settings/index.js';
import { applicationOfUnit, findOwnedUnit, toApplicationDtos } from './applications.js';
import { financingErrors } from './errors.js';

/** The event type a provider receives when the customer takes a submitted application back. */
export const APPLICATION_WITHDRAWN = 'financing.application_withdrawn';

/**
 * POST …/financing-application/withdraw (decision 302): the customer takes back an application that
 * awaits its provider's decision. The provider is told through the outbox, signed as the submission was,
 * in the transaction that marks it withdrawn; a decision arriving afterwards finds no submitted
 * application and leaves the unit alone. The unit stays at payment: the customer may pay the deposit or
 * apply again. Allowed even once Settings stops offering financing, so nobody is held to an application.
 */
export async function withdrawFinancingApplication(
  db: Db,
  now: Date,
  userId: number,
  itemId: number,
): Promise<FinancingApplication> {
  return db.transaction(async (tx) => {
    const unit = await findOwnedUnit(tx, userId, itemId);
    await lockOrderRow(tx, unit.order.id);
    const application = await applicationOfUnit(tx, itemId, { lock: true, userId });
    if (!application) {
      throw financingErrors.FINANCING_APPLICATION_NOT_FOUND('No financing application for this unit');
    }
    if (application.state !== 'submitted') {
      throw financingErrors.FINANCING_APPLICATION_NOT_SUBMITTED(
        'Only an application awaiting its decision can be withdrawn',
      );
    }
    const [row] = await tx
      .update(financingApplications)
      .set({ state: 'withdrawn', decidedAt: now, updatedAt: now })
      .where(eq(financingApplications.id, application.id))
      .returning();
    if (!row) throw new Error('financing application vanished under its lock');
    const settings = await readSettingsIn(tx, 'financing');
    const provider = settings.providers.find((p) => p.name === application.provider);
    if (provider) {
      await queueSignedDelivery(tx, {
        type: APPLICATION_WITHDRAWN,
        url: provider.url,
        signingKey: 'signingSecret',
        financingApplicationId: row.id,
        now,
        data: {
          applicationId: row.id,
          orderId: unit.order.orderId,
          itemId: unit.item.id,
          withdrawnAt: now.toISOString(),
        },
      });
    }
    const [dto] = await toApplicationDtos(tx, [row]);
    if (!dto) throw new Error('financing application not read back');
    return dto;
  });
}
