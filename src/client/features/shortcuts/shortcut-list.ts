/** The back office's keyboard shortcuts, each with the visible control that does the same. */
export interface Shortcut {
  keys: readonly string[];
  what: string;
  /** Where it works. */
  where: 'Everywhere' | 'Orders';
  /** The control a mouse or touch reaches for instead. */
  instead: string;
}

/** `mod` is 'Ctrl' or '⌘' (src/client/features/shortcuts/keys.ts). */
export function shortcutList(mod: string): Shortcut[] {
  return [
    {
      keys: [mod, 'K'],
      what: 'Command palette: go to an order by ID, open a screen, move the open order to its next stage',
      where: 'Everywhere',
      instead: 'Search or jump to… in the menu',
    },
    { keys: ['?'], what: 'These shortcuts', where: 'Everywhere', instead: 'Keyboard shortcuts in the menu' },
    { keys: ['/'], what: 'Search the orders', where: 'Orders', instead: 'The search box' },
    { keys: ['j'], what: 'Next order in the list', where: 'Orders', instead: 'Tab to the next order ID' },
    { keys: ['k'], what: 'Previous order in the list', where: 'Orders', instead: 'Shift+Tab' },
    { keys: ['Enter'], what: 'Open the order', where: 'Orders', instead: 'Click the order ID' },
    {
      keys: ['x'],
      what: 'Select or unselect the order',
      where: 'Orders',
      instead: 'The box before the order ID',
    },
  ];
}
