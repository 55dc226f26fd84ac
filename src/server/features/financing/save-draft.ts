import type { FinancingApplication, FinancingDraft } from '../../../shared/schemas/financing.js';
import type { FinancingSettings } from '../../../shared/schemas/settings.js';
import type { Db } from '../../db/client.js';
import { financingApplications } from '../../db/schema.js';
import { bindToOrder } from '../conversations/index.js';
import { lockOrderRow } from '../orders/index.js';
import {
  applicationOfUnit,
  assertMayApply,
  assertOwnUploads,
  findOwnedUnit,
  replaceDocuments,
  toApplicationDtos,
} from './applications.js';
import { financingErrors } from './errors.js';

/** A chosen provider must be one Settings offers, and a chosen term one of its terms. */
export function assertOffer(settings: FinancingSettings, provider: string | null, termMonths: number | null) {
  if (provider === null || provider === '') return;
  const offer = settings.providers.find((p) => p.name === provider);
  if (!offer) {
    throw financingErrors.FINANCING_PROVIDER_UNKNOWN(`${provider} is not a financing provider offered`, {
      fields: { provider: 'Choose one of the providers offered' },
    });
  }
  if (termMonths !== null && !offer.termMonths.includes(termMonths)) {
    throw financingErrors.FINANCING_TERM_NOT_OFFERED(`${provider} does not offer ${termMonths} months`, {
      fields: { termMonths: 'Choose one of the terms offered' },
    });
  }
}

/**
 * PUT …/financing-application: the draft becomes what was sent (a field left out is emptied), in one
 * transaction under the order's lock. A declined or withdrawn application is replaced by the new
 * draft; a submitted or approved one can no longer change (409).
 */
export async function saveFinancingDraft(
  db: Db,
  now: Date,
  userId: number,
  itemId: number,
  draft: FinancingDraft,
): Promise<FinancingApplication> {
  return db.transaction(async (tx) => {
    const unit = await findOwnedUnit(tx, userId, itemId);
    await lockOrderRow(tx, unit.order.id);
    const settings = await assertMayApply(tx, unit);
    const provider = draft.provider ?? null;
    const termMonths = draft.termMonths ?? null;
    assertOffer(settings, provider, termMonths);
    const documentIds = [...new Set(draft.documentIds ?? [])];
    await assertOwnUploads(tx, unit, userId, documentIds);
    await bindToOrder(tx, unit.order.id, documentIds);

    // Another customer's application on this unit (the order changed hands) is replaced, not shown.
    const existing = await applicationOfUnit(tx, itemId, { lock: true });
    const own = existing?.userId === userId;
    if (existing && own && (existing.state === 'submitted' || existing.state === 'approved')) {
      throw financingErrors.FINANCING_APPLICATION_LOCKED(
        'This application was submitted and can no longer change',
      );
    }
    const values = {
      state: 'draft' as const,
      provider: provider || null,
      termMonths,
      amount: draft.amount ?? null,
      applicant: draft.applicant ?? {},
      consent: draft.consent ?? false,
      submittedAt: null,
      decidedAt: null,
      updatedAt: now,
      userId,
    };
    const [row] = await tx
      .insert(financingApplications)
      .values({
        ...values,
        orderItemId: itemId,
        orderId: unit.order.id,
        itemNumber: unit.item.itemNumber,
        createdAt: now,
      })
      .onConflictDoUpdate({ target: financingApplications.orderItemId, set: values })
      .returning();
    if (!row) throw new Error('financing application not stored');
    await replaceDocuments(tx, row.id, documentIds);
    const [dto] = await toApplicationDtos(tx, [row]);
    if (!dto) throw new Error('financing application not read back');
    return dto;
  });
}
