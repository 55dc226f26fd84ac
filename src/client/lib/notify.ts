/** The app's toasts for a call's outcome: one way to say it failed, one to say it worked. */
import { toast } from '../components/ui/use-toast';
import { errorMessage } from './api';

/** The generic failure text the admin screens show for a failure the server did not explain. */
export const GENERIC_ERROR = 'An error occurred';

/**
 * A destructive toast with the server's message when it sent one, else `fallback` (no description
 * when there is none). Pass `undefined` as the error for a failure found in the browser.
 */
export function toastError(title: string, error: unknown, fallback?: string): void {
  toast({ variant: 'destructive', title, description: errorMessage(error) ?? fallback });
}

export function toastSuccess(title: string, description?: string): void {
  toast({ variant: 'success', title, description });
}
