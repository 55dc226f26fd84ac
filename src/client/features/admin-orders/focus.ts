/**
 * Where focus goes when a dialog closes. A dialog opened from a menu item would send it back to the
 * item, which is gone by then; the caller names the menu's button instead.
 */
export function focusOnClose(element: HTMLElement | null) {
  return (event: Event) => {
    if (!element?.isConnected) return;
    event.preventDefault();
    element.focus();
  };
}
