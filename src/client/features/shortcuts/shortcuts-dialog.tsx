/** `?`: the back office's keyboard shortcuts, each with the control that does the same by hand. */
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { KeyCaps } from './key-caps';
import { paletteModifier } from './keys';
import { shortcutList } from './shortcut-list';

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[640px]">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>
            They never act while you type in a field. Each has a button or link that does the same.
          </DialogDescription>
        </DialogHeader>
        <table className="w-full text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead className="text-left text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="pb-2 font-medium">
                Keys
              </th>
              <th scope="col" className="pb-2 font-medium">
                What it does
              </th>
              <th scope="col" className="hidden pb-2 font-medium sm:table-cell">
                Without the keyboard
              </th>
            </tr>
          </thead>
          <tbody>
            {shortcutList(paletteModifier()).map((shortcut) => (
              <tr key={shortcut.keys.join('+')} className="border-t align-top">
                <td className="py-2 pr-3">
                  <KeyCaps keys={shortcut.keys} />
                </td>
                <td className="py-2 pr-3">
                  {shortcut.what}
                  {shortcut.where === 'Orders' && <span className="text-muted-foreground"> (Orders)</span>}
                </td>
                <td className="hidden py-2 text-muted-foreground sm:table-cell">{shortcut.instead}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
