import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FinancingApplication, FinancingDraftApplicant } from '../../../shared/schemas/financing.js';
import { isPaidStatus } from '../../../shared/schemas/orders.js';
import type { FinancingSettings } from '../../../shared/schemas/settings.js';
import type { Executor } from '../../db/client.js';
import { financingApplicationDocuments, financingApplications, uploads } from '../../db/schema.js';
import { findCustomerUnitWithEmail } from '../orders/index.js';
import { readSettingsIn } from '../settings/index.js';
import { financingErrors } from './errors.js';

export type ApplicationRow = typeof financingApplications.$inferSelect;

/** The caller's unit with its order and e-mail; someone else's answers exactly like a missing one. */
export async function findOwnedUnit(executor: Executor, userId: number, itemId: number) {
  const row = await findCustomerUnitWithEmail(executor, userId, itemId);
  if (!row) throw financingErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
  return row;
}

type OwnedUnit = Awaited<ReturnType<typeof findOwnedUnit>>;

/** Financing is offered when Settings switches it on with at least one provider. */
export function isOffered(settings: FinancingSettings): boolean {
  return settings.enabled && settings.providers.length > 0;
}

/** A unit may apply while it waits for its deposit: at the payment stage and not paid. */
export function awaitsPayment(unit: OwnedUnit): boolean {
  return unit.item.status === 'FINANCING_PAYMENT' && !isPaidStatus(unit.item.currentStageData.paymentStatus);
}

/** The rules every change of an application checks first: offered, and the unit waiting for payment. */
export async function assertMayApply(executor: Executor, unit: OwnedUnit): Promise<FinancingSettings> {
  const settings = await readSettingsIn(executor, 'financing');
  if (!isOffered(settings)) throw financingErrors.FINANCING_NOT_OFFERED('Financing is not offered');
  if (!awaitsPayment(unit)) {
    throw financingErrors.UNIT_NOT_AT_PAYMENT('This unit is not waiting for its payment');
  }
  return settings;
}

/**
 * The unit's application, locked for the rest of the transaction when `lock` is set. With `userId`,
 * only when that customer made it: an order moved to another customer (an import or a webhook naming
 * a new e-mail) does not show its new owner the previous owner's application.
 */
export async function applicationOfUnit(
  executor: Executor,
  itemId: number,
  { lock = false, userId }: { lock?: boolean; userId?: number } = {},
) {
  const query = executor
    .select()
    .from(financingApplications)
    .where(
      and(
        eq(financingApplications.orderItemId, itemId),
        userId === undefined ? undefined : eq(financingApplications.userId, userId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The applications as their readers see them, documents by name, in the order of `rows`. */
export async function toApplicationDtos(
  executor: Executor,
  rows: readonly ApplicationRow[],
): Promise<FinancingApplication[]> {
  const ids = rows.map((row) => row.id);
  const documents =
    ids.length === 0
      ? []
      : await executor
          .select({
            applicationId: financingApplicationDocuments.applicationId,
            id: uploads.id,
            name: uploads.name,
            size: uploads.size,
            contentType: uploads.contentType,
          })
          .from(financingApplicationDocuments)
          .innerJoin(uploads, eq(uploads.id, financingApplicationDocuments.uploadId))
          .where(inArray(financingApplicationDocuments.applicationId, ids))
          .orderBy(asc(financingApplicationDocuments.position));
  return rows.map((row) => {
    const own = documents.filter((doc) => doc.applicationId === row.id);
    return {
      id: row.id,
      orderItemId: row.orderItemId,
      orderId: row.orderId,
      itemNumber: row.itemNumber,
      state: row.state,
      provider: row.provider,
      termMonths: row.termMonths,
      amount: row.amount,
      applicant: row.applicant as FinancingDraftApplicant,
      documentIds: own.map((doc) => doc.id),
      documents: own.map(({ id, name, size, contentType }) => ({ id, name, size, contentType })),
      consent: row.consent,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The application's documents, replaced by `uploadIds` in that order. */
export async function replaceDocuments(
  executor: Executor,
  applicationId: number,
  uploadIds: readonly string[],
) {
  await executor
    .delete(financingApplicationDocuments)
    .where(eq(financingApplicationDocuments.applicationId, applicationId));
  if (uploadIds.length === 0) return;
  await executor
    .insert(financingApplicationDocuments)
    .values(uploadIds.map((uploadId, position) => ({ applicationId, uploadId, position })));
}

/**
 * The uploads a draft names must be the customer's: on this order, or uploaded by them and on no order
 * yet. Anything else answers as missing, naming no one else's file.
 */
export async function assertOwnUploads(
  executor: Executor,
  unit: OwnedUnit,
  userId: number,
  uploadIds: readonly string[],
) {
  if (uploadIds.length === 0) return;
  const rows = await executor
    .select({ id: uploads.id, orderId: uploads.orderId, uploadedBy: uploads.uploadedBy })
    .from(uploads)
    .where(inArray(uploads.id, [...uploadIds]));
  const usable = new Set(
    rows
      .filter((row) => row.orderId === unit.order.id || (row.orderId === null && row.uploadedBy === userId))
      .map((row) => row.id),
  );
  const missing = uploadIds.filter((id) => !usable.has(id));
  if (missing.length > 0) {
    throw financingErrors.FINANCING_DOCUMENT_NOT_FOUND('A document of this application was not found', {
      fields: { documentIds: 'Upload the document again' },
    });
  }
}

/** The ids of these units' applications in one of `states`, locked for the caller's transaction. */
export async function lockApplicationsOfUnits(
  executor: Executor,
  itemIds: readonly number[],
  states: readonly ApplicationRow['state'][],
) {
  if (itemIds.length === 0) return [];
  return executor
    .select()
    .from(financingApplications)
    .where(
      and(
        inArray(financingApplications.orderItemId, [...itemIds]),
        inArray(financingApplications.state, [...states]),
      ),
    )
    .for('update');
}
