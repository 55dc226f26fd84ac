import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { LiveMessageCreated, LiveStaffMessage, LiveStatusUpdate } from '../../shared/live.js';
import { isStaffRole } from '../../shared/permissions.js';
import { customerStageLabel } from '../../shared/stages.js';
import { useSession } from '../features/auth/session';
import { openLiveConnection } from './live';

/** The refresh 250 ms after a message; the order page's own refetch after 500 ms. */
export const REFRESH_DELAY_MS = 250;
export const ORDER_PAGE_REFRESH_DELAY_MS = 500;

type Listener = (update: LiveStatusUpdate) => void;
const LiveContext = createContext<((listener: Listener) => () => void) | null>(null);

/** A desktop notification of the update, only where the user already granted permission. */
export function notifyDesktop(update: LiveStatusUpdate) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  new Notification('Order Status Updated', {
    body: `Your order status has been updated to ${customerStageLabel(update.status)}`,
  });
}

/**
 * Holds the live connection while a user is signed in and, 250 ms after each status update, calls
 * `refresh`, which only invalidates TanStack Query keys: the socket is never a second store. Pages
 * below may listen too (the order page's 500 ms refetch).
 */
export function LiveConnection({
  refresh,
  onStaffMessage,
  onMessageCreated,
  desktopNotifications = false,
  children,
}: {
  refresh: (update: LiveStatusUpdate) => void;
  /** Staff only: called at once for each staff message (it only invalidates queries too). */
  onStaffMessage?: (message: LiveStaffMessage) => void;
  /** Called at once for each new conversation message (it only invalidates queries too). */
  onMessageCreated?: (message: LiveMessageCreated) => void;
  desktopNotifications?: boolean;
  children: ReactNode;
}) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const isAdmin = user ? isStaffRole(user.role) : false;
  const latest = useRef({ refresh, onStaffMessage, onMessageCreated, desktopNotifications });
  latest.current = { refresh, onStaffMessage, onMessageCreated, desktopNotifications };
  const [listeners] = useState(() => new Set<Listener>());

  useEffect(() => {
    if (userId === null) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const close = openLiveConnection({
      userId,
      isAdmin,
      onStatusUpdate: (update) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          latest.current.refresh(update);
        }, REFRESH_DELAY_MS);
        timers.add(timer);
        for (const listener of listeners) listener(update);
        if (latest.current.desktopNotifications) notifyDesktop(update);
      },
      onStaffMessage: (message) => latest.current.onStaffMessage?.(message),
      onMessageCreated: (message) => latest.current.onMessageCreated?.(message),
    });
    return () => {
      close();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [userId, isAdmin, listeners]);

  const [subscribe] = useState(() => (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  });
  return <LiveContext.Provider value={subscribe}>{children}</LiveContext.Provider>;
}

/** Calls `onUpdate` after `delayMs` for each live status update of this order (none outside a LiveConnection). */
export function useOrderLiveUpdates(orderId: number, delayMs: number, onUpdate: () => void) {
  const subscribe = useContext(LiveContext);
  const latest = useRef(onUpdate);
  latest.current = onUpdate;
  useEffect(() => {
    if (!subscribe) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = subscribe((update) => {
      if (update.orderId !== orderId) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        latest.current();
      }, delayMs);
      timers.add(timer);
    });
    return () => {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [subscribe, orderId, delayMs]);
}
