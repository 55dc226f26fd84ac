import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { LiveMessageCreated, LiveStaffMessage, LiveStatusUpdate } from '../../shared/live.js';
import { isStaffRole } from '../../shared/permissions.js';
import { authKeys, useSession } from '../features/auth/session';
import { openLiveConnection } from './live';

/** The refresh 250 ms after a message; the order page's own refetch after 500 ms. */
export const REFRESH_DELAY_MS = 250;
export const ORDER_PAGE_REFRESH_DELAY_MS = 500;

type Listener = (update: LiveStatusUpdate) => void;
const LiveContext = createContext<((listener: Listener) => () => void) | null>(null);

/** What a desktop notification of an update says, in the words of the portal that shows it. */
export type DesktopNotice = (update: LiveStatusUpdate) => { title: string; body: string };

/** A desktop notification, only where the user already granted permission. */
export function notifyDesktop({ title, body }: { title: string; body: string }) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  new Notification(title, { body });
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
  desktopNotifications,
  children,
}: {
  refresh: (update: LiveStatusUpdate) => void;
  /** Staff only: called at once for each staff message (it only invalidates queries too). */
  onStaffMessage?: (message: LiveStaffMessage) => void;
  /** Called at once for each new conversation message (it only invalidates queries too). */
  onMessageCreated?: (message: LiveMessageCreated) => void;
  /** Customers only: each status update as a desktop notification, worded by this. */
  desktopNotifications?: DesktopNotice;
  children: ReactNode;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
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
        const notice = latest.current.desktopNotifications;
        if (notice) notifyDesktop(notice(update));
      },
      onStaffMessage: (message) => latest.current.onStaffMessage?.(message),
      onMessageCreated: (message) => latest.current.onMessageCreated?.(message),
      // Signed out from another browser: re-reading the session lets the guards show the sign-in page.
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: authKeys.user }),
    });
    return () => {
      close();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [userId, isAdmin, listeners, queryClient]);

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
