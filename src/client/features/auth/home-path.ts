import type { Role } from '../../../shared/constants.js';
import { isStaffRole } from '../../../shared/permissions.js';

/** Where a user lands after signing in, and when they open /auth while signed in. */
export function homePathFor(role: Role): string {
  return isStaffRole(role) ? '/admin' : '/';
}
