/**
 * Roles by name, with the line saying what each may do (`common:role.<ROLE>`, `common:roleLine.<ROLE>`):
 * never the code. The back office reads them in English, the sign-in screen's invitation step in the
 * page's language (it reads the same catalogue through `useTexts`).
 */
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../shared/constants.js';

/** The catalogue keys built from role codes (listed for the catalogue test). */
export const ROLE_NAME_KEYS = ROLES.flatMap((role) => [`role.${role}`, `roleLine.${role}`]);

/** A stored role that is not (or no longer) one of ROLES reads as itself. */
const known = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

export function useRoleNames() {
  const { t } = useTranslation('common');
  return {
    roleName: (role: string) => (known(role) ? t(`role.${role}`) : role),
    roleLine: (role: string) => (known(role) ? t(`roleLine.${role}`) : ''),
  };
}
