/**
 * What each staff role may do. The server checks these on every staff route; the client reads the
 * signed-in user's list (`GET /api/auth/user` → `permissions`) to offer only what will succeed.
 */
export const STAFF_ROLES = ['ADMIN', 'OPERATIONS', 'SUPPORT', 'VIEWER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'dashboard.read',
  'orders.read',
  'orders.status',
  'orders.bulk',
  'orders.notes',
  'orders.export',
  'orders.import',
  'orders.messages',
  'orders.delete',
  'customers.read',
  'customers.resetPassword',
  'webhookLog.read',
  /** Publish and remove delivery days (reading them comes with orders.read). */
  'deliverySlots.manage',
  /** The Insights screen: flow, stage durations, promises kept, waiting, replies, deposits, capacity. */
  'insights.read',
  /** Read financing applications, with their applicants' personal data (decision 272). */
  'financing.read',
  /** Settings, staff users, API keys, integrations, service areas, audit log. */
  'admin.all',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OPERATIONS: readonly Permission[] = [
  'dashboard.read',
  'orders.read',
  'orders.status',
  'orders.bulk',
  'orders.notes',
  'orders.export',
  'orders.import',
  'orders.messages',
  'customers.read',
  'webhookLog.read',
  'deliverySlots.manage',
  'insights.read',
  'financing.read',
];
const SUPPORT: readonly Permission[] = [
  'dashboard.read',
  'orders.read',
  'orders.notes',
  'orders.messages',
  'customers.read',
  'customers.resetPassword',
];
const VIEWER: readonly Permission[] = ['dashboard.read', 'orders.read', 'customers.read'];

const BY_ROLE: Record<StaffRole, readonly Permission[]> = {
  ADMIN: PERMISSIONS,
  OPERATIONS,
  SUPPORT,
  VIEWER,
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** A customer (or any role that is not staff) has no permission. */
export function permissionsOf(role: string): readonly Permission[] {
  return isStaffRole(role) ? BY_ROLE[role] : [];
}

export function can(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/** A user as the browser is told about them: with what their role may do. */
export function withPermissions<T extends { role: string }>(user: T): T & { permissions: Permission[] } {
  return { ...user, permissions: [...permissionsOf(user.role)] };
}
