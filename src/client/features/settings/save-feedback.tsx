/**
 * Saving settings: the button reads 'Saving...', then a green banner shows for 3 s with the
 * 'Settings saved' toast (3 s); a failure toasts 'Failed to save settings' with the server's message
 * (5 s).
 */
import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/use-toast';
import { GENERIC_ERROR, toastError } from '../../lib/notify';

export const SAVED_BANNER_MS = 3000;
export const SAVED_TOAST_MS = 3000;

export function useSaveFeedback() {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const succeeded = useCallback(() => {
    toast({ variant: 'success', title: 'Settings saved', duration: SAVED_TOAST_MS });
    setSaved(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaved(false), SAVED_BANNER_MS);
  }, []);

  const failed = useCallback((error: unknown) => {
    setSaved(false);
    toastError('Failed to save settings', error, GENERIC_ERROR);
  }, []);

  return { saved, succeeded, failed };
}

/** The green banner; a status region, so screen readers hear it without losing their place. */
export function SavedBanner({ show }: { show: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {show && (
        <p className="flex items-center gap-2 rounded-lg border border-success/50 bg-success/10 px-4 py-3 font-medium text-foreground text-sm">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
          Settings saved successfully.
        </p>
      )}
    </div>
  );
}
