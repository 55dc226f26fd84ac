/** A read-only value (the authenticator app's setup key or link) with its own Copy button. */
import { Copy } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { copyText } from './copy-text';

export function CopyableValue({ label, value, what }: { label: string; value: string; what: string }) {
  return (
    <div className="grid gap-1">
      <TextField
        label={label}
        readOnly
        value={value}
        spellCheck={false}
        className="bg-muted font-mono text-sm"
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => void copyText(value, what)}
      >
        <Copy aria-hidden="true" />
        Copy<span className="sr-only"> {what.toLowerCase()}</span>
      </Button>
    </div>
  );
}
