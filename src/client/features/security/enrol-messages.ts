/**
 * The shared schema's messages as the enrolment forms word them: "Enter your password" rather than the
 * sign-in's "Password is required" (the `account` catalogue's `enrolFactor`, decision 177).
 */
import { useTranslation } from 'react-i18next';
import { PASSWORD_REQUIRED_MESSAGE } from '../../../shared/schemas/auth.js';

export function useEnrolFieldMessage() {
  const { t } = useTranslation('account');
  return (message: string | undefined) =>
    message === PASSWORD_REQUIRED_MESSAGE ? t('enrolFactor.passwordRequired') : message;
}
