import type { LiveStaffMessage } from '../../shared/live.js';
import type { Stage } from '../../shared/stages.js';

/** The one NOTIFY channel every instance listens on. */
export const LIVE_CHANNEL = 'orderflow_live';

/**
 * What travels between instances on the channel (payloads stay far below PostgreSQL's 8000 bytes):
 * - `status`: units of an order moved; `ownerId` is orders.user_id when the change was made;
 * - `account`: a user's sessions or role changed (sign-out, password change or reset, a role change,
 *   the account's deletion); each instance closes that user's sockets whose session is gone and
 *   gives the others what the role now allows;
 * - `staff`: a message for every administrator's sockets, passed on as it is;
 * - `message`: a message was written in an order's conversation; its customer and the staff hear of it.
 */
export type BusMessage =
  | { kind: 'status'; orderId: number; ownerId: number | null; status: Stage; itemNumber?: number }
  | { kind: 'account'; userId: number }
  | { kind: 'staff'; message: LiveStaffMessage }
  | { kind: 'message'; orderId: number; ownerId: number | null };

export function parseBusMessage(payload: string): BusMessage | null {
  try {
    const value = JSON.parse(payload) as BusMessage;
    if (
      value &&
      (value.kind === 'status' ||
        value.kind === 'account' ||
        value.kind === 'staff' ||
        value.kind === 'message')
    )
      return value;
  } catch {
    // not ours
  }
  return null;
}
