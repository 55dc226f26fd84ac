import { and, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { can, isStaffRole } from '../../../shared/permissions.js';
import {
  ORDER_UPLOAD_QUOTA_BYTES,
  UPLOAD_CONTENT_TYPES,
  type UploadDto,
} from '../../../shared/schemas/conversations.js';
import type { Db, Executor } from '../../db/client.js';
import { financingApplicationDocuments, unitDocuments, uploads, users } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionUser } from '../auth/index.js';
import { lockOrderRow } from '../orders/index.js';
import { type Reader, readerOf } from './access.js';
import { conversationsErrors } from './errors.js';

export const UNSUPPORTED_FILE_MESSAGE =
  'This file is not a PDF, JPEG, PNG, WebP or HEIC file (judged by its content, not its name)';

const MB = 1024 * 1024;

/** Kept from the browser's name: no path, no control characters, at most 200 characters. */
export function cleanFileName(raw: string, contentType: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Control characters and quotes would break the Content-Disposition header the name goes into;
  // bidirectional controls would let 'invoice\u202Egnp.exe' read as 'invoiceexe.png'; line and
  // paragraph separators would split the name wherever it is shown.
  const cleaned = base
    .replace(/[\p{Cc}\p{Bidi_Control}\p{Zl}\p{Zp}"]/gu, '')
    .trim()
    .slice(-200);
  return cleaned || `file.${contentType.split('/')[1] ?? 'bin'}`;
}

export const toUploadDto = (row: {
  id: string;
  name: string;
  size: number;
  contentType: string;
}): UploadDto => ({
  id: row.id,
  name: row.name,
  size: row.size,
  contentType: row.contentType,
});

export const overQuota = () =>
  conversationsErrors.ORDER_UPLOAD_QUOTA_EXCEEDED(
    `This order's files would exceed ${ORDER_UPLOAD_QUOTA_BYTES / MB} MB (the limit per order)`,
  );

/** Bytes of the files matching `where`. */
export async function usedBytes(executor: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await executor
    .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)::bigint` })
    .from(uploads)
    .where(where);
  return Number(row?.bytes ?? 0);
}

/**
 * Binds files uploaded without an order to this one (when attached), after checking the order's
 * quota still holds with them. Runs under the order's row lock.
 */
export async function bindToOrder(executor: Executor, orderId: number, ids: readonly string[]) {
  if (ids.length === 0) return;
  const unbound = await usedBytes(executor, and(inArray(uploads.id, [...ids]), isNull(uploads.orderId)));
  if (unbound === 0) return;
  if ((await usedBytes(executor, eq(uploads.orderId, orderId))) + unbound > ORDER_UPLOAD_QUOTA_BYTES) {
    throw overQuota();
  }
  await executor
    .update(uploads)
    .set({ orderId })
    .where(and(inArray(uploads.id, [...ids]), isNull(uploads.orderId)));
}

/** A file sent before its order is chosen: customers, and staff who may send files. */
function mayUploadWithoutOrder(user: SessionUser) {
  if (isStaffRole(user.role) && !can(user.role, 'orders.messages') && !can(user.role, 'orders.status')) {
    throw conversationsErrors.PERMISSION_DENIED('Your role does not allow this');
  }
}

/** Unattached files older than this are removed: an upload abandoned in a composer frees its quota. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Files in the database. Each is bound to an order when it is uploaded: the order's quota counts it
 * and only that order's readers may fetch it (decision 157).
 */
export function createUploadService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Stores a file after judging its type by its bytes; nothing is stored when it is refused. The
     * order's row is locked while the quota is counted, so two uploads cannot both squeeze in.
     */
    async store(user: SessionUser, input: { orderId?: number; fileName: string; bytes: Buffer }) {
      const { orderId } = input;
      if (orderId === undefined) mayUploadWithoutOrder(user);
      else await readerOf(db, user, orderId, 'upload');
      if (input.bytes.length === 0) throw conversationsErrors.FILE_EMPTY('The file is empty');
      const detected = await fileTypeFromBuffer(input.bytes);
      const contentType = detected?.mime;
      if (!contentType || !(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
        throw conversationsErrors.FILE_TYPE_NOT_ALLOWED(UNSUPPORTED_FILE_MESSAGE);
      }
      return db.transaction(async (tx) => {
        // The order's row (or, for a file not yet on an order, the uploader's) is locked while the
        // quota is counted, so two uploads cannot both squeeze in.
        if (orderId === undefined) {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        } else {
          await lockOrderRow(tx, orderId);
        }
        const used = await usedBytes(
          tx,
          orderId === undefined
            ? and(isNull(uploads.orderId), eq(uploads.uploadedBy, user.id))
            : eq(uploads.orderId, orderId),
        );
        if (used + input.bytes.length > ORDER_UPLOAD_QUOTA_BYTES) throw overQuota();
        const [row] = await tx
          .insert(uploads)
          .values({
            orderId: orderId ?? null,
            uploadedBy: user.id,
            name: cleanFileName(input.fileName, contentType),
            contentType,
            size: input.bytes.length,
            data: new Uint8Array(input.bytes.buffer, input.bytes.byteOffset, input.bytes.length),
            createdAt: clock.now(),
          })
          .returning({
            id: uploads.id,
            name: uploads.name,
            size: uploads.size,
            contentType: uploads.contentType,
          });
        if (!row) throw new Error('upload not stored');
        return row;
      });
    },

    /** The file with its bytes, for its order's customer and for staff who read orders. */
    async read(user: SessionUser, id: string) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      // A file of someone else's order answers exactly like a missing one.
      if (!row) throw conversationsErrors.FILE_NOT_FOUND('File not found');
      // A file on no order yet is its uploader's alone.
      if (row.orderId === null) {
        if (row.uploadedBy !== user.id) throw conversationsErrors.FILE_NOT_FOUND('File not found');
        return row;
      }
      await readerOf(db, user, row.orderId, 'read', 'File not found');
      return row;
    },

    /** Files stored but never attached to a message or a unit, older than a day. */
    async purgeAbandoned(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - ABANDONED_AFTER_MS);
      const removed = await db
        .delete(uploads)
        .where(
          and(
            isNull(uploads.messageId),
            lt(uploads.createdAt, cutoff),
            sql`not exists (select 1 from ${unitDocuments} where ${unitDocuments.uploadId} = ${uploads.id})`,
            // A financing application's documents stay while it does.
            sql`not exists (select 1 from ${financingApplicationDocuments} where ${financingApplicationDocuments.uploadId} = ${uploads.id})`,
          ),
        )
        .returning({ id: uploads.id });
      return removed.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
export type { Reader };
