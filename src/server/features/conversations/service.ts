import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionUser } from '../auth/index.js';
import { type Reader, readerOf } from './access.js';
import { createUnitDocumentService } from './documents.js';
import { conversationsErrors } from './errors.js';
import { createMessageService } from './messages.js';
import { createUploadService } from './uploads.js';

export function createConversationServices(deps: { db: Db; clock: Clock; mailDelayMs: number }) {
  return {
    uploads: createUploadService(deps),
    messages: createMessageService(deps),
    documents: createUnitDocumentService(deps),
    readers: {
      /** The order's conversation as this side sees it; a staff account at the customer's side gets 404. */
      async of(user: SessionUser, orderId: number, side: Reader['kind']): Promise<Reader> {
        const reader = await readerOf(deps.db, user, orderId, 'read');
        if (reader.kind !== side) throw conversationsErrors.ORDER_NOT_FOUND('Order not found');
        return reader;
      },
    },
  };
}

export type ConversationServices = ReturnType<typeof createConversationServices>;
