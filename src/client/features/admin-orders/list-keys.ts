/**
 * The orders list's keys: `/` searches, `j` and `k` move to the next and previous order (focus goes to
 * its ID, so Enter opens it as a click would), `x` selects or unselects the order in focus. They never
 * fire while typing in a field or over a dialog or menu (src/client/features/shortcuts/keys.ts).
 */
import { type RefObject, useEffect, useRef } from 'react';
import { isPlainShortcut } from '../shortcuts/keys';

const ROW = '[data-order-row]';

export function useListKeys({
  list,
  search,
  onToggle,
}: {
  /** Holds the rows (table or cards), each `[data-order-row=<id>]` with its `[data-order-link]`. */
  list: RefObject<HTMLElement | null>;
  /** Holds the search box. */
  search: RefObject<HTMLElement | null>;
  /** Selects or unselects an order by its internal id. */
  onToggle: (id: number) => void;
}) {
  const toggle = useRef(onToggle);
  toggle.current = onToggle;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!['/', 'j', 'k', 'x', 'Enter'].includes(event.key) || !isPlainShortcut(event)) return;
      if (event.key === '/') {
        const box = search.current?.querySelector('input');
        if (!box) return;
        event.preventDefault();
        box.focus();
        box.select();
        return;
      }
      const rows = [...(list.current?.querySelectorAll<HTMLElement>(ROW) ?? [])];
      if (rows.length === 0) return;
      const focused = document.activeElement;
      const at = rows.findIndex((row) => focused instanceof Node && row.contains(focused));
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next =
          at === -1 ? 0 : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'j' ? 1 : -1)));
        const link = rows[next]?.querySelector<HTMLElement>('[data-order-link]');
        link?.focus();
        link?.scrollIntoView({ block: 'nearest' });
      } else if (event.key === 'x' && at !== -1) {
        event.preventDefault();
        toggle.current(Number(rows[at]?.dataset.orderRow));
      } else if (event.key === 'Enter' && at !== -1 && focused instanceof HTMLInputElement) {
        // Enter on a row's box opens the order, as it does on its ID.
        event.preventDefault();
        rows[at]?.querySelector<HTMLElement>('[data-order-link]')?.click();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [list, search]);
}
