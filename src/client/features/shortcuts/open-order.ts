/**
 * The order open on screen, for the command palette's "Move to <next stage>": the order page says which
 * order it shows while it is mounted. A tiny store rather than a context, so the palette (mounted by the
 * back office's shell) and the page (deep in the routes) need no common parent.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Stage } from '../../../shared/stages.js';

export interface OpenOrder {
  /** The internal id (the page's address). */
  id: number;
  /** The order's shown name ('VH1042'). */
  label: string;
  status: Stage;
}

let current: OpenOrder | null = null;
const listeners = new Set<() => void>();

function set(next: OpenOrder | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Called by the order page: this order is open until the page goes or shows another. */
export function useOpenOrder({ id, label, status }: OpenOrder): void {
  useEffect(() => {
    const order = { id, label, status };
    set(order);
    return () => {
      if (current === order) set(null);
    };
  }, [id, label, status]);
}

export function useOpenOrderValue(): OpenOrder | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
