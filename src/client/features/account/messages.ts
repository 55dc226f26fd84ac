/** The profile and shipping forms' validation messages (the shared schema's) in the reader's language. */
import { useTranslation } from 'react-i18next';
import { USER_MESSAGES } from '../../../shared/schemas/user.js';
import { ruleName } from '../../lib/schema-messages';

export function useFieldMessage() {
  const { t } = useTranslation('account');
  return (message: string | undefined) => {
    const name = ruleName(USER_MESSAGES, message);
    return name ? t(`validation.${name}`) : message;
  };
}
