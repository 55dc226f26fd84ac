import type { SessionUser } from '../../../shared/schemas/auth.js';
import { type ToastInput, toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';

/** A destructive toast with the server's message when it sent one, else the caller's fallback text. */
export function toastError(title: string, error: unknown, fallback?: string): void {
  toast({ variant: 'destructive', title, description: errorMessage(error) ?? fallback });
}

export function toastSuccess(title: string, description?: string): void {
  toast({ variant: 'success', title, description });
}

export function codeSentToast(email: string): ToastInput {
  return {
    variant: 'success',
    title: 'Verification code sent',
    description: `Check ${email} for a 6-digit code.`,
  };
}

/** What the sign-in screen does once a call has answered with the signed-in user. */
export type SignedInHandler = (user: SessionUser, notice: ToastInput) => void;
