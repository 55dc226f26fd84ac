/**
 * When a back-office shortcut may fire: never while the person types in a field, never over a dialog or
 * menu (which have keys of their own), never with Alt or a modifier it does not ask for.
 */

const TEXTLESS_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** True when the key goes to something the person types into. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !TEXTLESS_INPUTS.has(target.type);
  return target.closest('[role="combobox"], [role="textbox"]') !== null;
}

/** A dialog, alert or menu is open: its keys come first. */
export function overlayOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/** A single-key shortcut (`/`, `j`, `?`): no Ctrl, Cmd or Alt, not typing, nothing open over the page. */
export function isPlainShortcut(event: KeyboardEvent): boolean {
  return (
    !event.defaultPrevented &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.altKey &&
    !event.isComposing &&
    !isTyping(event.target) &&
    !overlayOpen()
  );
}

/** Ctrl+K, or Cmd+K on a Mac: the command palette, from anywhere but a field. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (
    !event.defaultPrevented &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'k' &&
    !isTyping(event.target)
  );
}

/** 'Ctrl' or '⌘', as the person's keyboard says it. */
export function paletteModifier(): string {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent) ? '⌘' : 'Ctrl';
}
