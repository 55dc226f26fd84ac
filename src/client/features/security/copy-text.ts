/** Copies a setup key, link or the recovery codes, saying so in a toast (or how to copy by hand). */
import { toast } from '../../components/ui/use-toast';
import { toastSuccess } from '../../lib/notify';

export async function copyText(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toastSuccess(`${what} copied`);
  } catch {
    toast({
      variant: 'destructive',
      title: 'Copy failed',
      description: `Select the ${what.toLowerCase()} and copy it by hand.`,
    });
  }
}
