/**
 * The back office's keys that work on every screen: Ctrl/Cmd+K opens the command palette and `?` the
 * list of shortcuts. Both also open from buttons in the menu (`ShortcutButtons`), so nothing needs the
 * keyboard. The palette is a chunk of its own, loaded when first opened.
 */
import { Command, Keyboard } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { lazyChunk } from '../../lib/lazy-chunk';
import type { NavItem } from '../shell/sidebar';
import { KeyCaps } from './key-caps';
import { isPaletteShortcut, isPlainShortcut, paletteModifier } from './keys';
import { showOverlay, useOverlay } from './overlays';

const CommandPalette = lazyChunk(() =>
  import('./command-palette').then((m) => ({ default: m.CommandPalette })),
);
const ShortcutsDialog = lazyChunk(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

/** Mounted once by the back office's shell. `screens`: the pages this staff member may open. */
export function BackOfficeKeys({ screens }: { screens: readonly NavItem[] }) {
  const overlay = useOverlay();
  // Mounted from the first opening on, so closing animates and the chunk is not fetched again.
  const [used, setUsed] = useState({ palette: false, shortcuts: false });

  useEffect(() => {
    if (overlay) setUsed((current) => (current[overlay] ? current : { ...current, [overlay]: true }));
  }, [overlay]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (isPaletteShortcut(event)) {
        event.preventDefault();
        showOverlay(overlay === 'palette' ? null : 'palette');
      } else if (event.key === '?' && isPlainShortcut(event)) {
        event.preventDefault();
        showOverlay('shortcuts');
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay]);

  const close = (open: boolean) => {
    if (!open) showOverlay(null);
  };
  return (
    <Suspense fallback={null}>
      {used.palette && <CommandPalette open={overlay === 'palette'} onOpenChange={close} screens={screens} />}
      {used.shortcuts && <ShortcutsDialog open={overlay === 'shortcuts'} onOpenChange={close} />}
    </Suspense>
  );
}

const SIDEBAR_BUTTON =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-muted-foreground text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring';

/** The menu's buttons for what the keys do: the palette and the list of shortcuts. */
export function ShortcutButtons({ onOpen }: { onOpen: () => void }) {
  const open = (overlay: 'palette' | 'shortcuts') => {
    onOpen();
    showOverlay(overlay);
  };
  return (
    <div className="grid gap-1">
      <button type="button" className={SIDEBAR_BUTTON} onClick={() => open('palette')}>
        <Command aria-hidden="true" className="size-4" />
        <span className="flex-1">Search or jump to…</span>
        <KeyCaps keys={[paletteModifier(), 'K']} />
      </button>
      <button type="button" className={SIDEBAR_BUTTON} onClick={() => open('shortcuts')}>
        <Keyboard aria-hidden="true" className="size-4" />
        <span className="flex-1">Keyboard shortcuts</span>
        <KeyCaps keys={['?']} />
      </button>
    </div>
  );
}
