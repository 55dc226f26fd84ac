/**
 * Which of the back office's keyboard overlays is open: the command palette or the shortcuts list. A
 * store rather than state, so the sidebar's buttons (drawn twice: the desktop sidebar and the phone
 * menu) and the keys open the one copy of each.
 */
import { useSyncExternalStore } from 'react';

export type Overlay = 'palette' | 'shortcuts' | null;

let open: Overlay = null;
const listeners = new Set<() => void>();

export function showOverlay(next: Overlay): void {
  open = next;
  for (const listener of listeners) listener();
}

export function useOverlay(): Overlay {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
    () => open,
  );
}
