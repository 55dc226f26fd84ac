import type { Executor } from '../../db/client.js';

/** The admin e-mails the Notifications settings switch on and off (newOrderAlerts, paymentProcessing, documentSigning). */
export type AdminNotice =
  | { kind: 'new-order'; orderId: number }
  | { kind: 'payment'; orderId: number; orderItemId?: number; paymentStatus: string; amount?: string | null }
  | { kind: 'document-signing'; orderId: number; orderItemId?: number; documentStatus: 'ready' | 'signed' };

/**
 * Queues an e-mail to every admin for this notice, when its Notifications setting is on, in the
 * caller's transaction. INTEGRATIONS ISSUE (#6): implement (mail_outbox).
 */
export async function enqueueAdminNotice(_tx: Executor, _notice: AdminNotice, _now: Date): Promise<void> {}
