import type { TFunction } from 'i18next';
import { VERIFICATION_CODE_LENGTH } from '../../../shared/constants.js';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import type { ToastInput } from '../../components/ui/use-toast';

export function codeSentToast(t: TFunction<'auth'>, email: string): ToastInput {
  return {
    variant: 'success',
    title: t('code.sentToast'),
    description: t('code.sentToastDescription', { email, length: VERIFICATION_CODE_LENGTH }),
  };
}

/** What the sign-in screen does once a call has answered with the signed-in user. */
export type SignedInHandler = (user: SessionUser, notice: ToastInput) => void;
