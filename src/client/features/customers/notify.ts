import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';

export const GENERIC_ERROR = 'An error occurred';

/** A destructive toast with the server's message, or the spec's generic one (admin spec §8). */
export function toastFailure(title: string, error: unknown) {
  toast({ variant: 'destructive', title, description: errorMessage(error) ?? GENERIC_ERROR });
}
