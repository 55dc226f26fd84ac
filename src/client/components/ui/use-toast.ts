/**
 * A small toast store in the shadcn manner: `toast()` can be called from anywhere (mutation callbacks,
 * plain functions) and the single <Toaster /> renders what the store holds. Only one toast shows at a
 * time, so a new toast replaces the current one rather than stacking over it.
 */
import { type ReactNode, useSyncExternalStore } from 'react';
import { TOAST_LIMIT } from '../../../shared/constants.js';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** How long it stays, in ms; the provider's TOAST_DURATION_MS when omitted. */
  duration?: number;
  /**
   * One button beside the text (Undo). `altText` says how to do the same without the toast, for screen
   * readers (Radix announces it); clicking it closes the toast.
   */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastState extends ToastInput {
  id: string;
  open: boolean;
}

// Long enough for the exit animation to finish before the closed toast leaves the tree.
const REMOVE_DELAY_MS = 1000;

let toasts: ToastState[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToastState[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function dismissToast(id: string): void {
  setToasts(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

/** Empties the store at once; tests call it so one test's toast cannot satisfy the next one. */
export function clearToasts(): void {
  setToasts([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast(): { toasts: ToastState[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return { toasts: current, toast, dismiss: dismissToast };
}

const HANDED_OFF_KEY = 'orderflow:toast';

/**
 * Keeps a toast for the next page of this tab: the sign-in screen leaves with a full page load, and
 * its 'Signed in' shows on the page it opens (showHandedOffToast there).
 */
export function handOffToast(input: ToastInput & { title: string; description?: string }): void {
  try {
    sessionStorage.setItem(HANDED_OFF_KEY, JSON.stringify(input));
  } catch {
    // Blocked storage: the next page opens without the notice.
  }
}

/** Shows the toast the previous page of this tab handed off, once. */
export function showHandedOffToast(): void {
  try {
    const stored = sessionStorage.getItem(HANDED_OFF_KEY);
    if (!stored) return;
    sessionStorage.removeItem(HANDED_OFF_KEY);
    toast(JSON.parse(stored) as ToastInput);
  } catch {
    // Blocked storage or a damaged entry: no notice.
  }
}
