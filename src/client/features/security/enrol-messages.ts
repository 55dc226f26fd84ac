/**
 * The shared schema's messages as the enrolment forms word them: "Enter your password" rather than the
 * sign-in's "Password is required" (the `account` catalogue's `enrolFactor`, decision 177).
 */
import { useTranslation } from 'react-i18next';
import { PASSWORD_REQUIRED_MESSAGE } from '../../../shared/schemas/auth.js';
import { ruleName } from '../../lib/schema-messages';

const ENROL_MESSAGES = { passwordRequired: PASSWORD_REQUIRED_MESSAGE };

export function useEnrolFieldMessage() {
  const { t } = useTranslation('account');
  return (message: string | undefined) => {
    const name = ruleName(ENROL_MESSAGES, message);
    return name ? t(`enrolFactor.${name}`) : message;
  };
}
