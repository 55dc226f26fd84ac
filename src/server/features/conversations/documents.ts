import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { UnitDocumentDto } from '../../../shared/schemas/conversations.js';
import type { Db, Executor } from '../../db/client.js';
import { unitDocuments, uploads } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { findUnitOrderId, lockOrderRow } from '../orders/index.js';
import { readerOf } from './access.js';
import { conversationsErrors } from './errors.js';
import { bindToOrder, toUploadDto } from './uploads.js';

/** A unit's documents, oldest first: what its customer sees in the unit's details. */
export async function unitDocumentsOf(executor: Executor, itemId: number): Promise<UnitDocumentDto[]> {
  const rows = await executor
    .select({
      id: unitDocuments.id,
      title: unitDocuments.title,
      createdAt: unitDocuments.createdAt,
      file: { id: uploads.id, name: uploads.name, size: uploads.size, contentType: uploads.contentType },
    })
    .from(unitDocuments)
    .innerJoin(uploads, eq(uploads.id, unitDocuments.uploadId))
    .where(eq(unitDocuments.orderItemId, itemId))
    .orderBy(asc(unitDocuments.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    at: row.createdAt.toISOString(),
    file: toUploadDto(row.file),
  }));
}

/** Files staff attach to one unit (a permit, the final documents). */
export function createUnitDocumentService({ db, clock }: { db: Db; clock: Clock }) {
  async function unitOf(itemId: number) {
    return findUnitOrderId(db, itemId);
  }

  return {
    async list(user: SessionUser, itemId: number): Promise<UnitDocumentDto[]> {
      const item = await unitOf(itemId);
      if (!item) throw conversationsErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
      await readerOf(db, user, item.orderId, 'read', 'Order item not found');
      return unitDocumentsOf(db, itemId);
    },

    /** The file must already be uploaded to the unit's own order. Recorded in the audit log as `audit`. */
    async add(
      user: SessionUser,
      itemId: number,
      input: { uploadId: string; title: string },
      audit: AuditActor,
    ) {
      const item = await unitOf(itemId);
      if (!item) throw conversationsErrors.ORDER_ITEM_NOT_FOUND('Order item not found');
      const row = await db.transaction(async (tx) => {
        await lockOrderRow(tx, item.orderId);
        // A file of this order, or the caller's own not yet on any order.
        const [file] = await tx
          .select({ id: uploads.id })
          .from(uploads)
          .where(
            and(
              eq(uploads.id, input.uploadId),
              or(
                eq(uploads.orderId, item.orderId),
                and(isNull(uploads.orderId), eq(uploads.uploadedBy, user.id)),
              ),
            ),
          )
          .limit(1);
        if (!file) {
          throw conversationsErrors.UPLOAD_NOT_ON_ORDER('Upload the file to this order first', {
            fields: { uploadId: 'No such file on this order' },
          });
        }
        await bindToOrder(tx, item.orderId, [file.id]);
        const [inserted] = await tx
          .insert(unitDocuments)
          .values({
            orderItemId: itemId,
            uploadId: file.id,
            title: input.title,
            createdBy: user.id,
            createdAt: clock.now(),
          })
          .returning({ id: unitDocuments.id });
        await recordAudit(tx, {
          actor: audit,
          action: 'order_item.document_added',
          target: { type: 'order_item', id: itemId },
          changes: { orderId: item.orderId, title: input.title, uploadId: file.id },
        });
        return inserted;
      });
      const added = (await unitDocumentsOf(db, itemId)).find((doc) => doc.id === row?.id);
      if (!added) throw new Error('document not stored');
      return added;
    },
  };
}

export type UnitDocumentService = ReturnType<typeof createUnitDocumentService>;
