import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import type { ToastInput } from '../../components/ui/use-toast';
import type { TextFn } from '../../lib/texts';

export function codeSentToast(t: TextFn, email: string): SignedInNotice {
  return {
    variant: 'success',
    title: t('code.sentToast'),
    description: t('code.sentToastDescription', { email, length: VERIFICATION_CODE_LENGTH }),
  };
}

/** A toast of the sign-in screen: plain text, so it can be handed to the next page. */
export type SignedInNotice = ToastInput & { title: string; description?: string };

/** What the sign-in screen does once a call has answered with the signed-in user. */
export type SignedInHandler = (user: SessionUser, notice: SignedInNotice) => void;
