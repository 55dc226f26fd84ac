import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type FinancingApplication, financingSubmissionSchema } from '../../../shared/schemas/financing.js';
import type { Db } from '../../db/client.js';
import { financingApplications } from '../../db/schema.js';
import { enqueueFinancingMail } from '../notifications/index.js';
import { lockOrderRow } from '../orders/index.js';
import { queueSignedDelivery } from '../outbound-webhooks/index.js';
import { applicationOfUnit, assertMayApply, findOwnedUnit, toApplicationDtos } from './applications.js';
import { financingErrors } from './errors.js';
import { assertOffer } from './save-draft.js';

/** The event type providers receive. */
export const APPLICATION_SUBMITTED = 'financing.application_submitted';

/** Each missing or wrong field of the saved draft, by its path ('applicant.phone'). */
function incompleteFields(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.join('.') || 'application'] ??= issue.message;
  return fields;
}

/**
 * POST …/financing-application/submit: the saved draft, complete, goes to its provider as a signed
 * Standard Webhooks POST through the outbox (decision 271), queued in the transaction that marks it
 * submitted, so it is sent once however often the button is pressed, and again until the provider
 * answers 2xx. The customer is mailed that it was received.
 */
export async function submitFinancingApplication(
  db: Db,
  deps: { now: Date; publicUrl: string },
  userId: number,
  itemId: number,
): Promise<FinancingApplication> {
  const { now } = deps;
  return db.transaction(async (tx) => {
    const unit = await findOwnedUnit(tx, userId, itemId);
    await lockOrderRow(tx, unit.order.id);
    const settings = await assertMayApply(tx, unit);
    const draft = await applicationOfUnit(tx, itemId, { lock: true, userId });
    if (!draft)
      throw financingErrors.FINANCING_APPLICATION_NOT_FOUND('Save the application before submitting it');
    if (draft.state !== 'draft') {
      throw financingErrors.FINANCING_APPLICATION_LOCKED('This application was already submitted');
    }
    const [current] = await toApplicationDtos(tx, [draft]);
    const parsed = z.safeParse(financingSubmissionSchema, current);
    if (!parsed.success) {
      throw financingErrors.FINANCING_APPLICATION_INCOMPLETE('The application is not complete', {
        fields: incompleteFields(parsed.error.issues),
      });
    }
    const submission = parsed.data;
    assertOffer(settings, submission.provider, submission.termMonths);
    const provider = settings.providers.find((p) => p.name === submission.provider);
    if (!provider) throw new Error('provider checked above');

    const [row] = await tx
      .update(financingApplications)
      .set({ state: 'submitted', submittedAt: now, updatedAt: now })
      .where(eq(financingApplications.id, draft.id))
      .returning();
    if (!row) throw new Error('financing application vanished under its lock');
    await queueSignedDelivery(tx, {
      type: APPLICATION_SUBMITTED,
      url: provider.url,
      signingKey: 'signingSecret',
      financingApplicationId: row.id,
      now,
      data: {
        applicationId: row.id,
        orderId: unit.order.orderId,
        itemId: unit.item.id,
        itemNumber: unit.item.itemNumber,
        productName: unit.order.productName,
        provider: submission.provider,
        termMonths: submission.termMonths,
        amount: submission.amount,
        currency: 'usd',
        applicant: submission.applicant,
        consent: true,
        documents: current?.documents ?? [],
        submittedAt: now.toISOString(),
        // Where and how the decision comes back (docs/api.md, "Financing").
        decision: {
          url: `${deps.publicUrl}/api/webhooks/payment`,
          paymentType: 'finance',
          orderId: unit.order.orderId,
          itemId: unit.item.id,
        },
      },
    });
    await enqueueFinancingMail(
      tx,
      {
        to: unit.email,
        applicationId: row.id,
        orderId: unit.order.id,
        orderNumber: unit.order.orderId,
        itemNumber: unit.item.itemNumber,
        productName: unit.order.productName,
        provider: submission.provider,
        state: 'submitted',
      },
      now,
    );
    const [dto] = await toApplicationDtos(tx, [row]);
    if (!dto) throw new Error('financing application not read back');
    return dto;
  });
}
