import { count, desc, eq, type SQL } from 'drizzle-orm';
import { SECRET_CHANGED } from '../../../shared/schemas/audit.js';
import type {
  FinancingApplication,
  FinancingDraft,
  FinancingListItem,
  FinancingListQuery,
  UnitFinancing,
} from '../../../shared/schemas/financing.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { financingApplications, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { findOrder, orderSummaries } from '../orders/index.js';
import { rotateSigningSecret } from '../outbound-webhooks/index.js';
import { readSettingsIn } from '../settings/index.js';
import {
  applicationOfUnit,
  awaitsPayment,
  findOwnedUnit,
  isOffered,
  toApplicationDtos,
} from './applications.js';
import { financingErrors } from './errors.js';
import { saveFinancingDraft } from './save-draft.js';
import { submitFinancingApplication } from './submit.js';
import { withdrawFinancingApplication } from './withdraw.js';

export type FinancingService = ReturnType<typeof createFinancingService>;

/**
 * Financing applications (decision 270): the customer's own, one per unit, and what staff with
 * `financing.read` see. Every read of an application checks its reader first; a customer asking for
 * another customer's unit is answered as if it did not exist.
 */
export function createFinancingService({ db, clock, config }: { db: Db; clock: Clock; config: Config }) {
  /** GET /api/order-items/:id/financing: what the unit's payment step offers, and its application's state. */
  async function unitFinancing(userId: number, itemId: number): Promise<UnitFinancing> {
    const unit = await findOwnedUnit(db, userId, itemId);
    const settings = await readSettingsIn(db, 'financing');
    const application = await applicationOfUnit(db, itemId, { userId });
    return {
      offered: isOffered(settings) && awaitsPayment(unit),
      providers: isOffered(settings)
        ? settings.providers.map(({ name, termMonths }) => ({ name, termMonths }))
        : [],
      application: application
        ? {
            state: application.state,
            provider: application.provider,
            termMonths: application.termMonths,
            amount: application.amount,
            decidedAt: application.decidedAt?.toISOString() ?? null,
          }
        : null,
    };
  }

  async function application(userId: number, itemId: number): Promise<FinancingApplication> {
    await findOwnedUnit(db, userId, itemId);
    const row = await applicationOfUnit(db, itemId, { userId });
    if (!row) throw financingErrors.FINANCING_APPLICATION_NOT_FOUND('No financing application for this unit');
    const [dto] = await toApplicationDtos(db, [row]);
    if (!dto) throw new Error('financing application not read back');
    return dto;
  }

  /** The staff list: newest change first, filtered by state; no applicant details beyond name and e-mail. */
  async function list(query: FinancingListQuery): Promise<{ items: FinancingListItem[]; total: number }> {
    const where: SQL | undefined = query.status ? eq(financingApplications.state, query.status) : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select({
          application: financingApplications,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(financingApplications)
        .innerJoin(users, eq(users.id, financingApplications.userId))
        .where(where)
        .orderBy(desc(financingApplications.updatedAt), desc(financingApplications.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(financingApplications).where(where),
    ]);
    const orders = await orderSummaries(db, [...new Set(rows.map((row) => row.application.orderId))]);
    return {
      total: counted?.total ?? 0,
      items: rows.map(({ application: row, email, firstName, lastName }) => ({
        id: row.id,
        orderId: row.orderId,
        orderNumber: orders.find((order) => order.id === row.orderId)?.orderNumber ?? '',
        orderItemId: row.orderItemId,
        itemNumber: row.itemNumber,
        customer: { id: row.userId, email, name: [firstName, lastName].filter(Boolean).join(' ') },
        state: row.state,
        provider: row.provider,
        termMonths: row.termMonths,
        amount: row.amount,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
      })),
    };
  }

  /** An order's applications in full, for the back office's order page. */
  async function ofOrder(orderId: number): Promise<FinancingApplication[]> {
    if (!(await findOrder(db, orderId))) throw financingErrors.ORDER_NOT_FOUND('Order not found');
    const rows = await db
      .select()
      .from(financingApplications)
      .where(eq(financingApplications.orderId, orderId))
      .orderBy(financingApplications.itemNumber);
    return toApplicationDtos(db, rows);
  }

  return {
    unitFinancing,
    application,
    saveDraft: (userId: number, itemId: number, draft: FinancingDraft) =>
      saveFinancingDraft(db, clock.now(), userId, itemId, draft),
    submit: (userId: number, itemId: number) =>
      submitFinancingApplication(db, { now: clock.now(), publicUrl: config.publicUrl }, userId, itemId),
    withdraw: (userId: number, itemId: number) =>
      withdrawFinancingApplication(db, clock.now(), userId, itemId),
    list,
    ofOrder,
    /** A new signing secret for the providers, shown once; the audit log records that it changed. */
    newSigningSecret: (actor: AuditActor) =>
      db.transaction(async (tx) => {
        const secret = await rotateSigningSecret(tx, clock.now(), 'signingSecret');
        await recordAudit(tx, {
          actor,
          action: 'signing_secret.rotated',
          target: { type: 'settings', id: 'financing' },
          changes: { signingSecret: SECRET_CHANGED },
        });
        return secret;
      }),
  };
}
