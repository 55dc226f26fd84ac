import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';

export const GENERIC_ERROR = 'An error occurred';

/** A destructive toast with the server's message, or a generic one when it sent none. */
export function toastFailure(title: string, error: unknown) {
  toast({ variant: 'destructive', title, description: errorMessage(error) ?? GENERIC_ERROR });
}
