/** The recovery codes, shown once: after the first factor or after asking for new ones. */
import { Copy } from 'lucide-react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { copyText } from './copy-text';

export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your recovery codes</DialogTitle>
          <DialogDescription>
            Keep these somewhere safe, such as a password manager. Each signs in once when your passkey or
            authenticator app is not at hand. They are shown only now.
          </DialogDescription>
        </DialogHeader>
        <ul
          aria-label="Recovery codes"
          className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-sm"
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}
          >
            <Copy aria-hidden="true" />
            Copy all
          </Button>
          <Button type="button" onClick={onClose}>
            I have saved them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
