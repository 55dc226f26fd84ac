import type { SessionUser } from '../../../shared/schemas/auth.js';
import type { ToastInput } from '../../components/ui/use-toast';

export function codeSentToast(email: string): ToastInput {
  return {
    variant: 'success',
    title: 'Verification code sent',
    description: `Check ${email} for a 6-digit code.`,
  };
}

/** What the sign-in screen does once a call has answered with the signed-in user. */
export type SignedInHandler = (user: SessionUser, notice: ToastInput) => void;
